// Renders public pages to HTML at build time (scripts/prerender.mjs), one file per page and
// language; the browser hydrates them (main.tsx). Never shipped to the browser.
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Resource } from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import type { Role, UiLanguage, UserProfile } from '@annasetu/domain';
import { AppRoot } from './app/root';
import { createStaticI18n } from './lib/i18n';
import { sessionKeys } from './lib/query-keys';
import { takeRenderedTitle } from './lib/use-document-title';

export { PRERENDERED_PAGES } from './app/prerendered-pages';
export { unmarkedSelects } from './app/prerender-checks';
export { FIRST_FRAME_PAGES, SHELL_LAYOUT_MODULE, SHELL_PAGES } from './app/shell-pages';
export { catalogueUrl } from './lib/i18n';
export { FONT_SCRIPT_OF, ROLES } from '@annasetu/domain';

export interface RenderedPage {
  html: string;
  title: string;
}

/** One page as a signed-out visitor's first render shows it, in one language. */
export async function renderPage(
  url: string,
  language: UiLanguage,
  resources: Resource,
  queryClient?: QueryClient,
): Promise<RenderedPage> {
  const i18n = createStaticI18n(resources, language);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  takeRenderedTitle();
  // A component that fails here would leave React's "render on the client" marker in the page
  // instead of its markup: the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <AppRoot i18n={i18n} Router={Router} queryClient={queryClient} />,
    {
      onError: (error) => void errors.push(error),
      // Larger parts would be sent apart and put in place by an inline script (the CSP forbids
      // one): the page is written in one piece.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (errors.length) throw new Error(`${url} (${language}) failed to render`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), title: takeRenderedTitle() };
}

/**
 * Stand-ins for the signed-in user's own words in a page rendered ahead of time: characters of
 * Unicode's private use area, which no catalogue contains. The server puts the reader's own
 * values in their place (apps/server/src/modules/web/app-shell.ts). The name's first character
 * is also the avatar's letter, so it has a stand-in of its own.
 */
export const USER_STAND_INS = {
  name: '\uE000\uE001',
  initial: '\uE000',
  email: '\uE002',
  organizationName: '\uE003',
} as const;

/**
 * A signed-in page's first frame for a role, in one language: the layout and the page as they
 * look before their data has arrived (every query but the session still loading), with the
 * user's own words as stand-ins. The browser paints it from the HTML and replaces it with the
 * app once the app has drawn the same page (decision 0050).
 */
const warmed = new Set<string>();

export async function renderSignedInPage(
  url: string,
  role: Role,
  language: UiLanguage,
  resources: Resource,
): Promise<RenderedPage> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user: UserProfile = {
    id: '00000000-0000-4000-8000-000000000000',
    email: USER_STAND_INS.email,
    role,
    name: USER_STAND_INS.name,
    phone: '',
    phoneVerified: false,
    address: '',
    coordinates: null,
    organizationName: USER_STAND_INS.organizationName,
    cuisine: null,
    capacity: 'medium',
    description: null,
    language,
    emailNotifications: false,
    publicImpact: false,
    publicSlug: null,
    isVerified: false,
    fssaiNumber: null,
    fssaiVerifiedAt: null,
    rating: 0,
    ratingCount: 0,
    totalDonations: 0,
    totalRequests: 0,
    tokens: 0,
    noShows: 0,
    hygienePassedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  queryClient.setQueryData(sessionKeys.all, user);
  // A first pass loads the layout's and the page's code (lazy modules), so the page is never
  // left as a loading placeholder.
  if (!warmed.has(url)) {
    await renderPage(url, language, resources, queryClient);
    warmed.add(url);
  }
  const page = await renderPage(url, language, resources, queryClient);
  if (/<(script|template)\b/.test(page.html)) {
    throw new Error(`${url} (${role}, ${language}) was not rendered in one piece`);
  }
  return page;
}
