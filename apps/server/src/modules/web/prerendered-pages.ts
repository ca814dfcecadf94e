import fs from 'node:fs';
import path from 'node:path';
import {
  LANGUAGE_COOKIE,
  acceptedLanguages,
  pickUiLanguage,
  type UiLanguage,
} from '@annasetu/domain';

/** dist/prerendered/pages.json, written by the web build (apps/web/scripts/prerender.mjs). */
interface PagesIndex {
  languages: string[];
  pages: Record<string, string>;
  /**
   * Pages whose app starts on the visitor's first interaction (the landing, sign-in, sign-up and
   * password pages); absent in builds before the list existed, where only the landing did.
   */
  startOnTouch?: string[];
  /** Hashes ("sha256-…") of the inline scripts the pages carry (the early submit hold). */
  scriptHashes?: string[];
}

/**
 * The content security policy's sources for the prerendered pages' inline scripts, each
 * allowed by its hash alone: none when the web app is not built.
 */
export function inlineScriptSources(distDir: string): string[] {
  const indexFile = path.join(distDir, 'prerendered', 'pages.json');
  if (!fs.existsSync(indexFile)) return [];
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as PagesIndex;
  return (index.scriptHashes ?? [])
    .filter((hash) => /^sha256-[A-Za-z0-9+/]+=*$/.test(hash))
    .map((hash) => `'${hash}'`);
}

export interface PrerenderedPages {
  /** The file (relative to the web build) answering this request, or null for the app shell. */
  fileFor(
    url: string,
    cookies: Record<string, string | undefined>,
    acceptLanguage: string | undefined,
  ): { file: string; language: UiLanguage } | null;
}

/**
 * Public pages rendered to HTML at build time, one file per page and language. The language is
 * chosen as the app chooses it: the saved choice (a cookie mirroring the app's local storage),
 * then Accept-Language, then English. Pages are matched on their path and query exactly; a
 * query parameter listed as "name=" matches any value of it.
 */
export function loadPrerenderedPages(distDir: string, signedInCookie: string): PrerenderedPages {
  const indexFile = path.join(distDir, 'prerendered', 'pages.json');
  if (!fs.existsSync(indexFile)) return { fileFor: () => null };
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as PagesIndex;
  const languages = new Set(index.languages);
  const startOnTouch = new Set(index.startOnTouch ?? ['landing']);

  function pageFor(url: string): string | undefined {
    const [pathname = '', query = ''] = url.split(/\?(.*)/s);
    if (!query) return index.pages[pathname];
    const params = [...new URLSearchParams(query)];
    if (params.length !== 1) return undefined;
    const [[name, value]] = params as [[string, string]];
    if (!value) return undefined;
    return index.pages[`${pathname}?${name}=${value}`] ?? index.pages[`${pathname}?${name}=`];
  }

  return {
    fileFor(url, cookies, acceptLanguage) {
      const page = pageFor(url);
      if (!page) return null;
      // A signed-in visitor's landing page shows their dashboard link, and the sign-in and
      // sign-up pages move them on to it: on these pages the app starts only when touched, so
      // the app shell answers, whose app does that at once.
      if (startOnTouch.has(page) && cookies[signedInCookie]) return null;
      const language = pickUiLanguage([
        cookies[LANGUAGE_COOKIE],
        ...acceptedLanguages(acceptLanguage),
      ]);
      if (!languages.has(language)) return null;
      return { file: path.posix.join('prerendered', language, `${page}.html`), language };
    },
  };
}
