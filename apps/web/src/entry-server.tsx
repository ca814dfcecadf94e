// Renders public pages to HTML at build time (scripts/prerender.mjs), one file per page and
// language; the browser hydrates them (main.tsx). Never shipped to the browser.
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Resource } from 'i18next';
import type { UiLanguage } from '@annasetu/domain';
import { AppRoot } from './app/root';
import { createStaticI18n } from './lib/i18n';
import { takeRenderedTitle } from './lib/use-document-title';

export { PRERENDERED_PAGES } from './app/prerendered-pages';
export { SHELL_LAYOUT_MODULE, SHELL_PAGES } from './app/shell-pages';
export { catalogueUrl } from './lib/i18n';

export interface RenderedPage {
  html: string;
  title: string;
}

/** One page as a signed-out visitor's first render shows it, in one language. */
export async function renderPage(
  url: string,
  language: UiLanguage,
  resources: Resource,
): Promise<RenderedPage> {
  const i18n = createStaticI18n(resources, language);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  takeRenderedTitle();
  const { prelude } = await prerenderToNodeStream(<AppRoot i18n={i18n} Router={Router} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), title: takeRenderedTitle() };
}
