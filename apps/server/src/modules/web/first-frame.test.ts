import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories.js';
import { useWebDistApp } from './web-dist.test-app.js';

// A web build in miniature with signed-in pages' first frames (decision 0050): the stand-ins
// are the build's (apps/web/src/entry-server.tsx USER_STAND_INS).
const FRAME = (role: string) =>
  `<div class="app-shell"><span class="avatar">\uE000</span><p>\uE000\uE001</p>` +
  `<p>${role}</p><p>\uE002</p><p>\uE003</p><h1>Welcome back, \uE000\uE001!</h1></div>`;

function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-frame-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>AnnaSetu</title>\n' +
      '    <script type="module" crossorigin src="/assets/index-0.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/framework-0.js">\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/main-0.css">\n' +
      '</head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dist, 'prerendered', 'first-frames'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'shell.json'),
    JSON.stringify({
      catalogue: '/locales/{language}/translation.json?v=abc',
      layout: { js: ['assets/app-layout-1.js'], css: ['assets/app-layout-1.css'] },
      pages: { '/dashboard': { js: ['assets/dashboard-2.js'], css: ['assets/dashboard-2.css'] } },
      firstFrames: ['/dashboard', '/donations?view=map'],
      boot: 'assets/first-frame-boot-0.js',
      fonts: {
        en: ['assets/latin-400.woff2'],
        hi: ['assets/latin-400.woff2', 'assets/deva-400.woff2'],
      },
    }),
  );
  for (const language of ['en', 'hi']) {
    const frames: Record<string, { html: string; title: string }> = {};
    for (const role of ['restaurant', 'volunteer']) {
      frames[`${role} /dashboard`] = {
        html: `${FRAME(role)}<i>${language}</i>`,
        title: 'Home · A',
      };
    }
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'first-frames', `${language}.json`),
      JSON.stringify(frames),
    );
  }
  return dist;
}

const cookieOf = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe("signed-in pages' first frames", () => {
  const { app, page } = useWebDistApp(writeDist);

  it("paints the reader's role's page with their own name, escaped, and its styles before it", async () => {
    const { client } = await signUp(app(), 'volunteer', {
      name: 'Ravi "R&D" $& Kumar',
    });
    const response = await page('/dashboard', { cookie: cookieOf(client.cookies) });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Home · A</title>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-layout-1.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-2.css">');
    expect(html).not.toContain('as="style"');
    // No script but the boot script before the first paint; it is given the rest to start.
    const head = html.split('</head>')[0]!;
    expect(head.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/first-frame-boot-0.js">',
    ]);
    expect(head).not.toContain('<link rel="modulepreload"');
    expect(head).not.toContain('<link rel="preload" as="fetch"');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/main-0.css">');
    // The fonts of the reader's language start with the styles.
    expect(head).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/latin-400.woff2">',
    );
    expect(head).not.toContain('deva-400');
    const hints = JSON.parse(
      /<script type="application\/json" id="app-hints">(.*?)<\/script>/.exec(head)![1]!,
    ) as { rel: string; href: string; as?: string }[];
    expect(hints).toEqual([
      { rel: 'modulepreload', href: '/assets/index-0.js' },
      { rel: 'modulepreload', href: '/assets/framework-0.js' },
      { rel: 'modulepreload', href: '/assets/app-layout-1.js' },
      { rel: 'modulepreload', href: '/assets/dashboard-2.js' },
      { rel: 'preload', as: 'fetch', href: '/locales/en/translation.json?v=abc' },
      { rel: 'preload', as: 'fetch', href: '/api/me' },
    ]);
    const frame = html.match(
      /<div id="first-frame" inert aria-hidden="true">(.*?)<\/div><div id="root" hidden><\/div>/s,
    );
    expect(frame).not.toBeNull();
    // `$&` would be the matched text if the name went in as a replacement pattern.
    const name = 'Ravi &quot;R&amp;D&quot; $&amp; Kumar';
    expect(frame![1]).toContain(`<h1>Welcome back, ${name}!</h1>`);
    expect(frame![1]).toContain('<span class="avatar">R</span>');
    expect(frame![1]).toContain('<p>volunteer</p>');
    expect(frame![1]).toMatch(/<p>[^<]+@[^<]+<\/p>/);
    expect(frame![1]).toContain('<i>en</i>');
    // No stand-in is left, and nothing of the name is unescaped.
    expect(html).not.toMatch(/[\uE000-\uE0FF]/);
    expect(html).not.toContain('"R&D"');
  });

  it("follows the reader's language and role, and validates per reader", async () => {
    const donor = await signUp(app(), 'restaurant', { name: 'Meena' });
    const first = await page('/dashboard', {
      cookie: `${cookieOf(donor.client.cookies)}; lang=hi`,
    });
    expect(first.body).toContain('<p>restaurant</p>');
    expect(first.body).toContain('<i>hi</i>');
    expect(first.body).toContain('href="/assets/deva-400.woff2"');
    expect(first.body).toContain('Welcome back, Meena!');
    const etag = first.headers.etag as string;
    const again = await page('/dashboard', {
      cookie: `${cookieOf(donor.client.cookies)}; lang=hi`,
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    // Someone else on the same page and language gets their own document.
    const other = await signUp(app(), 'restaurant', { name: 'Kavya' });
    const theirs = await page('/dashboard', {
      cookie: `${cookieOf(other.client.cookies)}; lang=hi`,
      'if-none-match': etag,
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain('Welcome back, Kavya!');
  });

  it('paints nothing without a live session, for a role or address the build did not paint', async () => {
    // The readable cookie alone (a session that ended, or a forged cookie): hints only.
    const cookieOnly = await page('/dashboard', { cookie: 'csrf_token=abc; sid=not-a-session' });
    expect(cookieOnly.body).toContain('modulepreload');
    expect(cookieOnly.body).not.toContain('first-frame');
    expect(cookieOnly.body).toContain('<div id="root"></div>');
    // A live session whose readable cookie the phone removed (signed out with no signal).
    const signedOutHere = await signUp(app(), 'volunteer', { name: 'Sunita' });
    const liveSessionOnly = await page('/dashboard', {
      cookie: `sid=${signedOutHere.client.cookies.get('sid')}`,
    });
    expect(liveSessionOnly.body).not.toContain('first-frame');
    expect(liveSessionOnly.body).not.toContain('Sunita');
    const withBoth = await page('/dashboard', { cookie: cookieOf(signedOutHere.client.cookies) });
    expect(withBoth.body).toContain('Sunita');
    const foodbank = await signUp(app(), 'foodbank');
    const unpainted = await page('/dashboard', { cookie: cookieOf(foodbank.client.cookies) });
    expect(unpainted.body).not.toContain('first-frame');
    const volunteer = await signUp(app(), 'volunteer');
    const otherQuery = await page('/dashboard?tab=x', {
      cookie: cookieOf(volunteer.client.cookies),
    });
    expect(otherQuery.body).not.toContain('first-frame');
    // Signed out: the session is gone, and so is the frame.
    expect((await volunteer.client.post('/api/auth/logout', {})).statusCode).toBeLessThan(300);
    const after = await page('/dashboard', {
      cookie: `csrf_token=abc; sid=${volunteer.client.cookies.get('sid') ?? 'gone'}`,
    });
    expect(after.body).not.toContain('first-frame');
  });
});
