import { REGISTRABLE_ROLES } from '@annasetu/domain';

/** A page rendered to HTML at build time, in every UI language. */
export interface PrerenderedPage {
  /**
   * The path and query the server answers with this page, exactly; a query parameter ending in
   * "=" stands for any value of it (the value is not part of the page's HTML).
   */
  url: string;
  /** File name under dist/prerendered/<language>/ (without .html). */
  file: string;
  /** The route module whose styles and scripts the page needs at once (manifest key). */
  module?: string;
  /**
   * The app starts on the visitor's first interaction instead of once the page is painted
   * (decisions 0031, 0082): pages whose links, fields and forms work as HTML meanwhile.
   */
  deferApp?: boolean;
  /**
   * The app's code is fetched (not run) once the page is painted: a visitor here is about to
   * type, and the tap that starts the app should find it at hand.
   */
  prefetchApp?: boolean;
}

const LOGIN = 'src/app/routes/login.tsx';
const REGISTER = 'src/app/routes/register.tsx';
const RESET = 'src/app/routes/reset-password.tsx';
/** Forms a visitor fills in: the app starts on the first touch, its code fetched beforehand. */
const ON_TOUCH = { deferApp: true, prefetchApp: true } as const;

/**
 * Public pages a visitor may open first (a shared link, a search result): they arrive as HTML
 * and paint before any script runs. A new public page is one more line here.
 */
export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { url: '/', file: 'landing', module: 'src/app/routes/landing.tsx', deferApp: true },
  { url: '/login', file: 'login', module: LOGIN, ...ON_TOUCH },
  { url: '/login?forgot=1', file: 'login-forgot', module: LOGIN, ...ON_TOUCH },
  { url: '/register', file: 'register', module: REGISTER, ...ON_TOUCH },
  ...REGISTRABLE_ROLES.map((role) => ({
    url: `/register?role=${role}`,
    file: `register-${role}`,
    module: REGISTER,
    ...ON_TOUCH,
  })),
  { url: '/reset-password', file: 'reset-password', module: RESET, ...ON_TOUCH },
  { url: '/reset-password?token=', file: 'reset-password-form', module: RESET, ...ON_TOUCH },
  // The map's shell: what a signed-in visitor sees while their session loads.
  { url: '/map', file: 'map' },
  // The public figures: headings, ranges and methods at once, the figures as they arrive.
  { url: '/impact', file: 'impact', module: 'src/app/routes/impact.tsx' },
];
