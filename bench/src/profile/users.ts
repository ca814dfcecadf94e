// Simulated users: a mix of every registrable role, living around the largest generated cities,
// each signed up through the real API (argon2id and all), which leaves it signed in.
import crypto from 'node:crypto';
import {
  EARTH_RADIUS_KM,
  UI_LANGUAGES,
  type Coordinates,
  type RegistrableRole,
} from '@annasetu/domain';
import { PASSING_HYGIENE_QUIZ } from '@annasetu/test-kit';
import { CITIES } from '../generate-data.js';
import { sessionFrom, type HttpClient } from './http.js';
import { percentile } from './recorder.js';
import { pick, type Kind, type SimUser } from './world.js';

/** Share of each role among simulated users; volunteers are many, as on a busy evening. */
export const ROLE_MIX: readonly (readonly [RegistrableRole, number])[] = [
  ['restaurant', 0.16],
  ['mess', 0.07],
  ['individual', 0.1],
  ['foodbank', 0.17],
  ['nursery', 0.06],
  ['poultry', 0.06],
  ['volunteer', 0.38],
];

export function kindOf(role: RegistrableRole): Kind {
  if (role === 'volunteer') return 'volunteer';
  if (role === 'foodbank' || role === 'nursery' || role === 'poultry') return 'receiver';
  return 'donor';
}

/**
 * How many users of each role: proportional (largest remainder), but at least one of every
 * role and three volunteers, so even a small run has destinations and contended grabs.
 */
export function roleCounts(total: number): Map<RegistrableRole, number> {
  const minimum = (role: RegistrableRole) => (role === 'volunteer' ? 3 : 1);
  const floor = ROLE_MIX.reduce((sum, [role]) => sum + minimum(role), 0);
  if (total < floor) throw new Error(`at least ${floor} simulated users are needed`);
  const exact = ROLE_MIX.map(([role, share]) => ({ role, value: share * total }));
  const counts = new Map(exact.map((e) => [e.role, Math.floor(e.value)] as const));
  let left = total - [...counts.values()].reduce((a, b) => a + b, 0);
  for (const e of [...exact].sort((a, b) => (b.value % 1) - (a.value % 1))) {
    if (left-- <= 0) break;
    counts.set(e.role, counts.get(e.role)! + 1);
  }
  for (const [role] of ROLE_MIX) {
    while (counts.get(role)! < minimum(role)) {
      const richest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      counts.set(richest, counts.get(richest)! - 1);
      counts.set(role, counts.get(role)! + 1);
    }
  }
  return counts;
}

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A point within `km` of `center`, uniform over the disc. */
function near(random: () => number, center: Coordinates, km: number): Coordinates {
  const distance = km * Math.sqrt(random());
  const bearing = random() * 2 * Math.PI;
  return {
    lat: Math.round((center.lat + (distance * Math.cos(bearing)) / KM_PER_DEGREE) * 1e6) / 1e6,
    lng:
      Math.round(
        (center.lng +
          (distance * Math.sin(bearing)) /
            (KM_PER_DEGREE * Math.cos((center.lat * Math.PI) / 180))) *
          1e6,
      ) / 1e6,
  };
}

/**
 * Users live within 5 km of a city centre, so everyone in a city sees everyone else's food in a
 * 10 km feed. One city per 75 users (at most four, the most populous), so volunteers compete.
 */
function homes(random: () => number, total: number): () => { city: string; point: Coordinates } {
  const cities = CITIES.slice(0, Math.max(1, Math.min(4, Math.round(total / 75))));
  const weight = cities.reduce((sum, c) => sum + c.population, 0);
  return () => {
    let r = random() * weight;
    const city = cities.find((c) => (r -= c.population) < 0) ?? cities[0]!;
    return { city: city.name, point: near(random, city, 5) };
  };
}

export interface SignUpFigures {
  users: SimUser[];
  p50: number;
  p99: number;
  milliseconds: number;
}

/** Signs up `total` users through POST /api/auth/register, `concurrency` at a time. */
export async function signUpUsers(
  http: HttpClient,
  random: () => number,
  total: number,
  concurrency: number,
): Promise<SignUpFigures> {
  const started = performance.now();
  const tag = crypto.randomBytes(3).toString('hex');
  const home = homes(random, total);
  const plan: RegistrableRole[] = [];
  for (const [role, count] of roleCounts(total)) for (let i = 0; i < count; i++) plan.push(role);
  // Interleave roles so that a partial sign-up still has a bit of everyone.
  plan.sort(() => random() - 0.5);
  const users: SimUser[] = [];
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const index = next++;
      const role = plan[index]!;
      const { city, point } = home();
      const name =
        role === 'volunteer' || role === 'individual'
          ? `Sim ${role} ${index + 1}`
          : `${city} ${role} ${index + 1}`;
      const email = `sim.${tag}.${index + 1}@profile.annasetu.in`;
      const password = `profile-${tag}-${index}`;
      const language = pick(random, UI_LANGUAGES)!;
      const agent = http.browser();
      const answer = await http.send('POST', '/api/auth/register', {
        agent,
        body: {
          role,
          name,
          email,
          phone: `+91 9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
          address: `${1 + index} Profile Road, ${city}`,
          ...(role === 'volunteer' ? {} : { organizationName: `${name} Trust` }),
          password,
          confirmPassword: password,
          coordinates: point,
          language,
        },
      });
      if (answer.status !== 201) {
        throw new Error(
          `sign-up of a ${role} failed: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      latencies.push(answer.ms);
      const id = (answer.body as { user: { id: string } }).user.id;
      // A volunteer passes the hygiene course before a first grab, as the app makes them do.
      if (role === 'volunteer') {
        const passed = await http.send('POST', '/api/training/quiz', {
          agent,
          session: sessionFrom(answer),
          body: PASSING_HYGIENE_QUIZ,
        });
        if (passed.status !== 200) throw new Error(`hygiene quiz answered ${passed.status}`);
      }
      users.push({
        index,
        id,
        role,
        kind: kindOf(role),
        name,
        email,
        password,
        session: sessionFrom(answer),
        agent,
        point,
        language,
        feed: [],
        requested: new Set(),
        job: null,
        wake: null,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  users.sort((a, b) => a.index - b.index);
  latencies.sort((a, b) => a - b);
  return {
    users,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    milliseconds: performance.now() - started,
  };
}
