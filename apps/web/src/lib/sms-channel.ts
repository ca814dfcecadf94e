type RuntimeConfig = { phoneSignIn?: boolean; sms?: boolean; whatsapp?: boolean };

function runtimeConfig(): RuntimeConfig | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as Window & { __ANNASETU_CONFIG__?: RuntimeConfig }).__ANNASETU_CONFIG__;
}

/**
 * The server sends one-time codes (sign-in by phone, verifying a number) only when it has an SMSC
 * or WhatsApp; it says so in the runtime /config.js. Never true while rendering ahead of time.
 */
export function smsOffered(): boolean {
  return runtimeConfig()?.phoneSignIn === true;
}

/** Codes and alerts go by SMS (the server has an SMSC); without one, codes go by WhatsApp. */
export function textMessagesOffered(): boolean {
  const config = runtimeConfig();
  // Servers before the `sms` setting offered phone sign-in only with an SMSC.
  return config?.sms ?? config?.phoneSignIn === true;
}

/** The server sends WhatsApp messages only when the Cloud API is configured (/config.js). */
export function whatsappOffered(): boolean {
  return runtimeConfig()?.whatsapp === true;
}
