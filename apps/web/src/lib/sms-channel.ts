type RuntimeConfig = { phoneSignIn?: boolean; whatsapp?: boolean };

function runtimeConfig(): RuntimeConfig | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as Window & { __ANNASETU_CONFIG__?: RuntimeConfig }).__ANNASETU_CONFIG__;
}

/**
 * The server offers SMS (sign-in by phone, verifying a number) only when it has an SMSC; it
 * says so in the runtime /config.js. Never true while rendering ahead of time.
 */
export function smsOffered(): boolean {
  return runtimeConfig()?.phoneSignIn === true;
}

/** The server sends WhatsApp messages only when the Cloud API is configured (/config.js). */
export function whatsappOffered(): boolean {
  return runtimeConfig()?.whatsapp === true;
}
