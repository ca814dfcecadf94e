export { CHROMIUM_FLAGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.js';
export { REPO_ROOT, SERVER_ROOT, WEB_DIST } from './paths.js';
export { prng } from './random.js';
export { freePort } from './ports.mjs';
export { waitUntil } from './wait.js';
export {
  ensureServerBundle,
  launch,
  spawnServer,
  startServer,
  stopProcess,
  waitForHealth,
  waitForListening,
  type Proc,
  type RunningServer,
  type ServerProcess,
  type ServerProcessOptions,
  type StartOptions,
} from './processes.js';
export { HttpSession, type Answer } from './http-session.js';
export {
  collectDonation,
  donationInput,
  grabDonation,
  PASSING_HYGIENE_QUIZ,
  postDonation,
  registrationFor,
  signIn,
  signUp,
  type SignedUp,
} from './flows.js';
export { fillPhone, type PageLike } from './offline-phone.js';
