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
  /** Addresses (path and query) with first frames in `first-frames/<language>.json`. */
  firstFrames?: string[];
  /** The script of a page painted from the HTML, which starts the app after the first paint. */
  boot?: string;
  /** The fonts a painted page's text needs, by language. */
  fonts?: Record<string, string[]>;
}

/** A signed-in page as the build painted it for one role and language. */
interface FirstFrame {
  html: string;
  title: string;
}

/** Who reads the page, as far as its first frame needs: the rest comes from `/api/me`. */
export interface ShellReader {
  role: string;
  name: string;
  email: string;
  organizationName: string | null;
}

export interface AppShell {
  /**
   * The app shell for a signed-in page, with hints that start what the page needs before any
   * script runs and, for a signed-in reader on a page the build painted ahead, the page's
   * first frame; with its validator. Null where the plain shell serves (not a signed-in page,
   * no session cookie, or no build index).
   */
  htmlFor(
    url: string,
    cookies: Record<string, string | undefined>,
    acceptLanguage: string | undefined,
    reader?: ShellReader | null,
  ): { html: string; etag: string } | null;
  /** Whether the build painted a first frame for this address (so the reader is worth reading). */
  paints(url: string): boolean;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const text = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stand-ins the build renders in place of the reader's own words (apps/web/src/
 * entry-server.tsx): private-use characters no catalogue holds. The name's pair goes first, so
 * its first character alone is then the avatar's letter.
 */
function fillIn(frame: string, reader: ShellReader): string {
  const initial = Array.from(reader.name.trim())[0]?.toLocaleUpperCase() ?? '';
  return frame
    .replaceAll('\uE000\uE001', () => text(reader.name))
    .replaceAll('\uE000', () => text(initial))
    .replaceAll('\uE002', () => text(reader.email))
    .replaceAll('\uE003', () => text(reader.organizationName ?? ''));
}

/** A hint as the browser reads it: a link element, or an entry of the boot script's list. */
interface Hint {
  rel: 'modulepreload' | 'preload' | 'stylesheet';
  href: string;
  as?: string;
}

const linkTag = ({ rel, href, as }: Hint) =>
  `<link rel="${rel}"${as ? ` as="${as}"` : ''} crossorigin href="${attribute(href)}">`;

const etagOf = (html: string) =>
  `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

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
  if (!fs.existsSync(indexFile) || !fs.existsSync(shellFile)) {
    return { htmlFor: () => null, paints: () => false };
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  const index = JSON.parse(fs.readFileSync(shellFile, 'utf8')) as ShellIndex;
  const built = new Map<string, { html: string; etag: string }>();
  // First frames by language (dist/prerendered/first-frames/<language>.json), read on first use.
  const framesDir = path.join(distDir, 'prerendered', 'first-frames');
  const frames = new Map<string, Record<string, FirstFrame> | null>();
  function framesOf(language: string): Record<string, FirstFrame> | null {
    if (!frames.has(language)) {
      const file = path.join(framesDir, `${language}.json`);
      frames.set(
        language,
        fs.existsSync(file)
          ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, FirstFrame>)
          : null,
      );
    }
    return frames.get(language)!;
  }

  /** What a signed-in page needs beyond the app's entry, to be started from the HTML. */
  function hintsFor(pathname: string, language: string, painted: boolean): Hint[] {
    const page = index.pages[pathname]!;
    return [
      ...[...index.layout.js, ...page.js].map((file) => ({
        rel: 'modulepreload' as const,
        href: `/${file}`,
      })),
      // A painted frame needs the layout's and the page's styles before it shows; otherwise
      // they only start early.
      ...[...index.layout.css, ...page.css].map((file) =>
        painted
          ? { rel: 'stylesheet' as const, href: `/${file}` }
          : { rel: 'preload' as const, as: 'style', href: `/${file}` },
      ),
      // The app's fetches are same-origin with credentials "same-origin", as `crossorigin` asks.
      ...[...new Set([language, FALLBACK_LANGUAGE])].map((code) => ({
        rel: 'preload' as const,
        as: 'fetch',
        href: index.catalogue.replace('{language}', code),
      })),
      { rel: 'preload', as: 'fetch', href: '/api/me' },
    ];
  }

  function build(pathname: string, language: string) {
    const links = hintsFor(pathname, language, false).map((hint) => `    ${linkTag(hint)}\n`);
    const html = template.replace('</head>', `${links.join('')}  </head>`);
    return { html, etag: etagOf(html) };
  }

  /**
   * A page painted from the HTML (decision 0050): the frame, with its styles linked, and no
   * script but the boot script before the first paint. The app's entry, the template's and the
   * page's chunks and the other hints are listed for the boot script, which adds them once the
   * frame is on screen: on a slow connection they would otherwise share it with the styles and
   * fonts the first paint waits for.
   */
  function buildPainted(pathname: string, language: string, frame: FirstFrame, boot: string) {
    const later: Hint[] = [];
    const html = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${text(frame.title || 'AnnaSetu')}</title>`)
      .replace(
        /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_, href: string) => {
          later.push({ rel: 'modulepreload', href });
          return `\n    <script type="module" crossorigin src="/${attribute(boot)}"></script>`;
        },
      )
      .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
        later.push({ rel: 'modulepreload', href });
        return '';
      })
      .replace('</head>', () => {
        const hints = hintsFor(pathname, language, true);
        const fonts = (index.fonts?.[language] ?? []).map(
          (file) =>
            `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${attribute(file)}">`,
        );
        const styles = hints
          .filter((hint) => hint.rel === 'stylesheet')
          .map(linkTag)
          .concat(fonts);
        later.push(...hints.filter((hint) => hint.rel !== 'stylesheet'));
        // A data block, not a script: the content security policy has nothing to refuse.
        const listed = JSON.stringify(later).replace(/</g, '\\u003c');
        return `${styles.map((tag) => `    ${tag}\n`).join('')}    <script type="application/json" id="app-hints">${listed}</script>\n  </head>`;
      })
      // Painted at once, replaced by the app when it has drawn the same page
      // (apps/web/src/app/first-frame/reveal.tsx); inert and hidden from assistive technology
      // meanwhile, as nothing in it works yet.
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="first-frame" inert aria-hidden="true">${frame.html}</div><div id="root" hidden></div>`,
      );
    return { html, etag: etagOf(html) };
  }

  const paintedUrls = new Set(index.boot ? (index.firstFrames ?? []) : []);
  return {
    paints: (url) => paintedUrls.has(url),
    htmlFor(url, cookies, acceptLanguage, reader) {
      const pathname = url.split('?')[0] ?? '';
      if (!cookies[signedInCookie] || !index.pages[pathname]) return null;
      const language = pickUiLanguage([
        cookies[LANGUAGE_COOKIE],
        ...acceptedLanguages(acceptLanguage),
      ]);
      const frame =
        reader && index.boot ? framesOf(language)?.[`${reader.role} ${url}`] : undefined;
      if (reader && frame !== undefined) {
        const frameKey = `${url} ${language} ${reader.role}`;
        let painted = built.get(frameKey);
        if (!painted) {
          painted = buildPainted(pathname, language, frame, index.boot!);
          built.set(frameKey, painted);
        }
        const html = fillIn(painted.html, reader);
        return { html, etag: etagOf(html) };
      }
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
