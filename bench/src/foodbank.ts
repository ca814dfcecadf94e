import { signUp } from '@annasetu/test-kit';

/**
 * A food bank signed up through the real API at the centre of `city`, as the feed benchmarks'
 * caller: the cookie header its requests send, and its session token (the `sid` cookie).
 */
export async function signUpFoodbank(
  baseUrl: string,
  city: { name: string; lat: number; lng: number },
): Promise<{ cookie: string; token: string }> {
  const { session } = await signUp(baseUrl, 'foodbank', {
    name: 'Bench Food Bank',
    organizationName: 'Bench Food Bank Trust',
    address: `Connaught Place, ${city.name}`,
    coordinates: { lat: city.lat, lng: city.lng },
  });
  const token = session.cookies.get('sid');
  if (!token) throw new Error('sign-up set no session cookie');
  return { cookie: session.cookieHeader(), token };
}
