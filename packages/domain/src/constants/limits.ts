/** Password minimum length (seed section 9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so a hash cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;

/** Text field limits: generous for real use, small enough to refuse abuse. */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  phone: 32,
  address: 500,
  organizationName: 160,
  cuisine: 80,
  description: 2000,
  notes: 2000,
  foodType: 200,
  chatMessage: 1000,
} as const;

/** Query limits (seed section 9). */
export const LIST_LIMITS = {
  pendingDonationsDefault: 50,
  pendingDonationsScreen: 100,
  usersByRoleDefault: 50,
  usersByRoleScreen: 100,
  notifications: 50,
  topCuisines: 5,
  dashboardRecentActivity: 5,
  analyticsRecentActivity: 10,
  dashboardNotifications: 3,
} as const;

/** Sessions: "remember me" keeps a persistent cookie for 30 days; otherwise the cookie lives for
 * the browser session and the server forgets an idle session after 12 hours. */
export const SESSION_REMEMBER_DAYS = 30;
export const SESSION_IDLE_HOURS = 12;

/** UI timings (seed section 9). */
export const UI_TIMINGS = {
  toastDefaultMs: 4000,
  toastSuccessMs: 2000,
  toastLimit: 20,
  redirectAfterCollectMs: 800,
  lazyChunkTimeoutMs: 120000,
  pushTokenRefreshDays: 7,
  serviceWorkerActivationTimeoutMs: 10000,
  registrationPollMs: 100,
} as const;

/** One-time codes sent by SMS (sign-in by phone, verifying a number). */
export const ONE_TIME_CODE = {
  digits: 6,
  validSeconds: 300,
  /** Wrong tries allowed before the code stops working and a new one is needed. */
  maxTries: 5,
} as const;
