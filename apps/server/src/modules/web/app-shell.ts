import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  acceptedLanguages,
  pickUiLanguage,
} from '@annasetu/domain';

/** dist/prerendered/shell.json, written by the web build (apps/web/scripts/prerender.mjs). */
interface ShellIndex {
  /** The catalogue's address, `{language}` standing for the language. */
  catalogue: string;
  layout: { js: string[]; css: string[] };
  pages: Record<string, { js: string[]; css: string[] }>;
}

export interface AppShell {
  /**
   * The app shell for a signed-in page, with hints that start what the page needs before any
   * script runs, and its validator; null where the plain shell serves (not a signed-in page,
   * no session cookie, or no build index).
   */
  htmlFor(
    url: string,
    cookies: Record<string, string | undefined>,
    acceptLanguage: string | undefined,
  ): { html: string; etag: string } | null;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The app shell of signed-in pages with their request chain flattened (decision 0047): a
 * signed-in page otherwise waits for the framework, then the catalogue, then `/api/me`, then its
 * own chunk, one after the other. The hints are links, so nothing changes for a browser that
 * ignores them, and the app's own requests reuse what they fetched (same address, same
 * credentials mode).
 */
export function loadAppShell(distDir: string, signedInCookie: string): AppShell {
  const indexFile = path.join(distDir, 'index.html');
  const shellFile = path.join(distDir, 'prerendered', 'shell.json');
  if (!fs.existsSync(indexFile) || !fs.existsSync(shellFile)) return { htmlFor: () => null };
  const template = fs.readFileSync(indexFile, 'utf8');
  const index = JSON.parse(fs.readFileSync(shellFile, 'utf8')) as ShellIndex;
  const built = new Map<string, { html: string; etag: string }>();

  function build(pathname: string, language: string) {
    const page = index.pages[pathname]!;
    const links = [
      ...[...index.layout.js, ...page.js].map(
        (file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`,
      ),
      ...[...index.layout.css, ...page.css].map(
        (file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`,
      ),
      // The app's fetches are same-origin with credentials "same-origin", as `crossorigin` asks.
      ...[...new Set([language, FALLBACK_LANGUAGE])].map(
        (code) =>
          `<link rel="preload" as="fetch" crossorigin href="${attribute(index.catalogue.replace('{language}', code))}">`,
      ),
      '<link rel="preload" as="fetch" crossorigin href="/api/me">',
    ];
    const html = template.replace('</head>', `${links.map((l) => `    ${l}\n`).join('')}  </head>`);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return { html, etag };
  }

  return {
    htmlFor(url, cookies, acceptLanguage) {
      const pathname = url.split('?')[0] ?? '';
      if (!cookies[signedInCookie] || !index.pages[pathname]) return null;
      const language = pickUiLanguage([
        cookies[LANGUAGE_COOKIE],
        ...acceptedLanguages(acceptLanguage),
      ]);
      const key = `${pathname} ${language}`;
      let answer = built.get(key);
      if (!answer) {
        answer = build(pathname, language);
        built.set(key, answer);
      }
      return answer;
    },
  };
}
