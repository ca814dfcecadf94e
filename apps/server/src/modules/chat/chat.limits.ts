export const DEFAULT_CHAT_PER_MINUTE = 20;

/** Reads CHAT_RATE_LIMIT_PER_MINUTE (a whole number from 1 to 1000). */
export function chatPerMinuteFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CHAT_RATE_LIMIT_PER_MINUTE;
  if (raw === undefined || raw.trim() === '') return DEFAULT_CHAT_PER_MINUTE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new Error('CHAT_RATE_LIMIT_PER_MINUTE: must be a whole number from 1 to 1000');
  }
  return value;
}
