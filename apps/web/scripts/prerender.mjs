// Renders the public pages to HTML after `vite build`, one file per page and UI language:
// dist/prerendered/<language>/<page>.html, listed in dist/prerendered/pages.json for the server.
// Needs the client build (dist/) and the renderer build (dist/.ssr/, removed at the end).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const ssrDir = join(dist, '.ssr');
const localesDir = join(here, '..', 'public', 'locales');
const outDir = join(dist, 'prerendered');

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFile = readdirSync(ssrDir).find((name) => /^entry-server\.m?js$/.test(name));
if (!entryFile) throw new Error('dist/.ssr/entry-server.js is missing: run the renderer build');
const {
  renderPage,
  unmarkedSelects,
  renderSignedInPage,
  catalogueUrl,
  PRERENDERED_PAGES,
  SHELL_LAYOUT_MODULE,
  SHELL_PAGES,
  FIRST_FRAME_PAGES,
  FONT_SCRIPT_OF,
  ROLES,
} = await import(pathToFileURL(join(ssrDir, entryFile)).href);

const languages = readdirSync(localesDir).sort();
const catalogues = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(readFileSync(join(localesDir, language, 'translation.json'), 'utf8')),
  ]),
);

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** A module's own chunk and styles plus those of every chunk it imports statically. */
function assetsOf(key) {
  const js = new Set();
  const css = new Set();
  const visit = (name) => {
    const entry = manifest[name];
    if (!entry || js.has(entry.file)) return;
    js.add(entry.file);
    for (const sheet of entry.css ?? []) css.add(sheet);
    for (const child of entry.imports ?? []) visit(child);
  };
  if (!manifest[key]) throw new Error(`${key} is missing from the build manifest`);
  visit(key);
  return { js: [...js], css: [...css] };
}

const app = assetsOf('index.html');

const builtFonts = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.woff2'));
/** The regular and heading weights of the Latin face and of the language's own script. */
function fontsFor(language) {
  const scripts = ['latin', ...(FONT_SCRIPT_OF[language] ? [FONT_SCRIPT_OF[language]] : [])];
  return scripts.flatMap((script) =>
    ['400', '600'].map((weight) => {
      const pattern = new RegExp(
        `^noto-sans-(?:${script}-)?${script}-${weight}-normal-[\\w-]+\\.woff2$`,
      );
      const file = builtFonts.find((name) => pattern.test(name));
      if (!file) throw new Error(`No ${script} ${weight} font in dist/assets`);
      return `assets/${file}`;
    }),
  );
}
const shellBoot = manifest['src/app/first-frame/boot.ts']?.file;
if (!shellBoot) throw new Error('src/app/first-frame/boot.ts is missing from the build manifest');
const interactionBoot = manifest['src/interaction-boot.ts'];
if (!interactionBoot) throw new Error('src/interaction-boot.ts is missing from the build manifest');

/**
 * The first script of a page whose forms work before the app does (src/app/early-input.ts):
 * inline, so it runs as the head is parsed, before any form exists. A module script runs only
 * once the whole page is parsed and its file has arrived; a tap on "Log in" before that would
 * post the form. Every submit is held (its default, a post, prevented) as it starts; one the
 * app's own handler saw (it prevents the default too, which the hold notes) is let go. Until
 * the values typed before hydration are in the app's state, the app does not see a submit at
 * all: it would check a form it believes empty.
 */
const HOLD_SUBMITS =
  'window.__heldSubmits=[];addEventListener("submit",function(e){' +
  'if(!window.__inputReplayed)e.stopPropagation();' +
  'var h={form:e.target,submitter:e.submitter||null,seen:false},p=e.preventDefault;p.call(e);' +
  'e.preventDefault=function(){h.seen=true;p.call(e)};window.__heldSubmits.push(h);' +
  'reload()},true);' +
  // The signal went while the page was still loading: a stylesheet or the boot script never
  // came, and the held form would wait for an app that cannot start, on a page without its
  // styles (which the app's pages go on using). What failed is noted as it fails, and asked for
  // again on reconnection or on the next form sent (the boot script, once it runs, starts the
  // app, which sends the form). It is asked for every 5 s too, for a minute (five while a form is
  // held): a phone can show a signal while nothing gets through and then never fire 'online', a
  // try still under way when 'online' comes fails after it, and a page left without its styles
  // is hardly usable even before anyone types.
  'var failed=[],timer=0,tries=0,rounds=0;addEventListener("error",function(e){var t=e.target;' +
  'if(t.tagName==="LINK"&&t.rel==="stylesheet"||t.tagName==="SCRIPT"&&t.src){failed.push(t);later()}},true);' +
  'function later(){if(!timer&&rounds<(window.__heldSubmits.length?60:12))' +
  'timer=setTimeout(function(){timer=0;rounds++;reload()},5000)}' +
  'function reload(){clearTimeout(timer);timer=0;failed.splice(0).forEach(function(t){' +
  'if(t.tagName==="LINK"){var c=t.cloneNode();t.replaceWith(c)}' +
  // A module whose fetch failed stays failed for the page in some browsers (Chromium 150 keeps
  // it in the module map), so each try asks for the boot script under an address of its own
  // (a module it imports that failed stays failed there: the tries then run out).
  'else if(!window.__bootRan)import(t.src+"?try="+ ++tries).catch(function(){failed.push(t);later()})})}' +
  'addEventListener("online",reload)';
/** The content security policy allows that one inline script by its hash (pages.json). */
const HOLD_SUBMITS_HASH = `sha256-${createHash('sha256').update(HOLD_SUBMITS).digest('base64')}`;

function pageHtml(page, language, rendered) {
  const route = page.module ? assetsOf(page.module) : { js: [], css: [] };
  const styles = route.css
    .filter((file) => !app.css.includes(file))
    .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`)
    .join('');
  let html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title || 'AnnaSetu')}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${language}">${rendered.html}</div>`,
    )
    // A form sent in the moment before the app has started must not put what was typed (a
    // password) into the address: the browser would send it as a query string.
    .replaceAll('<form', '<form method="post"');
  // The landing page: no hints, no font preloads, no noscript notice (decision 0031).
  const bare = page.deferApp && !page.prefetchApp;
  // The app's entry, its chunks, the page's chunks and the catalogues, listed for the page's
  // boot script: on a slow connection they would otherwise share it with the styles and fonts
  // the first paint waits for.
  const later = [];
  const catalogues = [...new Set([language, 'en'])].map((code) => ({
    rel: 'preload',
    as: 'fetch',
    href: catalogueUrl(code),
  }));
  html = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, href) => {
      later.push({ rel: 'modulepreload', href });
      // Painted before any script runs (decision 0051): the only script in the head is the
      // boot script, which starts the app once the page is on screen, or on the visitor's first
      // interaction on a page that defers it (decisions 0031, 0082).
      const boot = page.deferApp ? interactionBoot.file : shellBoot;
      return (
        `\n    <script>${HOLD_SUBMITS}</script>` +
        `\n    <script type="module" crossorigin src="/${boot}"></script>`
      );
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => {
      later.push({ rel: 'modulepreload', href });
      return '';
    });
  if (bare) html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  later.push(
    ...route.js
      .filter((file) => !app.js.includes(file))
      .map((file) => ({ rel: 'modulepreload', href: `/${file}` })),
    ...catalogues,
  );
  const fonts = bare
    ? []
    : fontsFor(language).map(
        (file) =>
          `    <link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">\n`,
      );
  // A data block, not a script: the content security policy has nothing to refuse. The
  // landing page lists nothing (its app is neither preloaded nor prefetched: decision 0031).
  const listed = JSON.stringify(later).replace(/</g, '\\u003c');
  const hints = bare
    ? ''
    : `    <script type="application/json" id="app-hints">${listed}</script>\n`;
  html = html.replace('</head>', () => `${styles}${fonts.join('')}${hints}  </head>`);
  return html;
}

rmSync(outDir, { recursive: true, force: true });
const pages = {};
// Pages whose app starts on the first interaction: a signed-in visitor gets the app shell
// instead, whose app moves them on at once (the server reads this list).
const startOnTouch = [];
for (const page of PRERENDERED_PAGES) {
  pages[page.url] = page.file;
  if (page.deferApp && !startOnTouch.includes(page.file)) startOnTouch.push(page.file);
  // A parameter standing for any value is rendered with a placeholder value.
  const url = page.url.endsWith('=') ? `${page.url}placeholder` : page.url;
  for (const language of languages) {
    const resources = {
      en: { translation: catalogues.en },
      [language]: { translation: catalogues[language] },
    };
    const rendered = await renderPage(url, language, resources);
    if (!rendered.html.includes('<')) throw new Error(`${url} (${language}) rendered nothing`);
    // The page is hydrated: a choice made before that must survive it (prerender-checks.ts).
    const unmarked = unmarkedSelects(rendered.html);
    if (unmarked.length > 0) {
      throw new Error(`${url} (${language}): select ${unmarked} marks no starting option`);
    }
    mkdirSync(join(outDir, language), { recursive: true });
    writeFileSync(join(outDir, language, `${page.file}.html`), pageHtml(page, language, rendered));
  }
}
writeFileSync(
  join(outDir, 'pages.json'),
  `${JSON.stringify({ languages, pages, startOnTouch, scriptHashes: [HOLD_SUBMITS_HASH] }, null, 2)}\n`,
);

// The signed-in pages' hints (decision 0047): the server adds them to the app shell so the
// layout's and the page's chunks and styles, the catalogue and /api/me load beside the app.
const layout = assetsOf(SHELL_LAYOUT_MODULE);
const beyond = (assets, ...loaded) => ({
  js: assets.js.filter((file) => !loaded.some((other) => other.js.includes(file))),
  css: assets.css.filter((file) => !loaded.some((other) => other.css.includes(file))),
});
const shell = {
  catalogue: catalogueUrl('{language}'),
  layout: beyond(layout, app),
  pages: Object.fromEntries(
    SHELL_PAGES.map(({ path, module }) => [path, beyond(assetsOf(module), app, layout)]),
  ),
  firstFrames: FIRST_FRAME_PAGES,
  // The script of a page painted from the HTML: it starts the app after the first paint.
  boot: shellBoot,
  // The fonts a painted page's text needs, by language (Latin for names, numbers and English
  // words, and the language's own script), started with its styles rather than after them, so
  // the frame's text is drawn in the face the app will draw it in.
  fonts: Object.fromEntries(languages.map((language) => [language, fontsFor(language)])),
};
writeFileSync(join(outDir, 'shell.json'), `${JSON.stringify(shell, null, 2)}\n`);

// Signed-in pages' first frames (decision 0050): per language, one file of markup by role and
// address. The frame is inert and hidden from assistive technology until the app replaces it,
// so ids and the references to them are left out (the app's own elements carry them, and an
// address like #main must find only those), and so are test ids: tests look at the app.
mkdirSync(join(outDir, 'first-frames'), { recursive: true });
let frames = 0;
for (const language of languages) {
  const resources = {
    en: { translation: catalogues.en },
    [language]: { translation: catalogues[language] },
  };
  const byPage = {};
  for (const url of FIRST_FRAME_PAGES) {
    for (const role of ROLES) {
      const { html, title } = await renderSignedInPage(url, role, language, resources);
      const frame = html.replace(
        / (?:id|for|data-testid|aria-(?:labelledby|describedby|controls))="[^"]*"/g,
        '',
      );
      byPage[`${role} ${url}`] = { html: frame, title };
      frames += 1;
    }
  }
  writeFileSync(join(outDir, 'first-frames', `${language}.json`), JSON.stringify(byPage));
}
if (existsSync(ssrDir)) rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `Prerendered ${PRERENDERED_PAGES.length} pages in ${languages.length} languages and ${frames} signed-in first frames to dist/prerendered/`,
);
