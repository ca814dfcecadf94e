/**
 * The server offers SMS (sign-in by phone, verifying a number) only when it has an SMSC; it
 * says so in the runtime /config.js. Never true while rendering ahead of time.
 */
export function smsOffered(): boolean {
  if (typeof window === 'undefined') return false;
  const config = (window as Window & { __ANNASETU_CONFIG__?: { phoneSignIn?: boolean } })
    .__ANNASETU_CONFIG__;
  return config?.phoneSignIn === true;
}
