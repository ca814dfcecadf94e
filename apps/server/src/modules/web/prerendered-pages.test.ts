import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useWebDistApp } from './web-dist.test-app.js';

const HOLD_HASH = 'sha256-3q2+7w/ab+cdEF0123456789abcdefABCDEF01234567=';

// A web build in miniature: the app shell and two public pages in two languages.
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  const pages = { '/': 'landing', '/login': 'login', '/reset-password?token=': 'reset-form' };
  for (const language of ['en', 'hi']) {
    fs.mkdirSync(path.join(dist, 'prerendered', language), { recursive: true });
    for (const file of Object.values(pages)) {
      fs.writeFileSync(
        path.join(dist, 'prerendered', language, `${file}.html`),
        `<!doctype html><html lang="${language}"><title>${file} ${language}</title>`,
      );
    }
  }
  // The build's compressed copies (scripts/compress.mjs) of a script and of one page.
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const file of ['assets/app-abc123.js', 'prerendered/hi/login.html']) {
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) fs.writeFileSync(full, `console.log(${'"namaste";'.repeat(400)})`);
    fs.writeFileSync(`${full}.br`, brotliCompressSync(fs.readFileSync(full)));
    fs.writeFileSync(`${full}.gz`, gzipSync(fs.readFileSync(full)));
  }
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'pages.json'),
    JSON.stringify({
      languages: ['en', 'hi'],
      pages,
      startOnTouch: ['landing', 'login'],
      scriptHashes: [HOLD_HASH, "sha256-x' 'unsafe-inline"],
    }),
  );
  return dist;
}

describe('public pages rendered at build time', () => {
  const { app, dist, page } = useWebDistApp(writeDist);

  it('answers in English without any language hint, varying on cookie and language', async () => {
    const response = await page('/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>login en</title>');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.headers['content-language']).toBe('en');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("allows the pages' inline script by its hash alone, never a listed source that is not one", async () => {
    const policy = String((await page('/login')).headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1];
    expect(scripts).toBe(`'self' '${HOLD_HASH}'`);
  });

  it('follows Accept-Language by preference, skipping languages it does not have', async () => {
    const response = await page('/', { 'accept-language': 'fr-FR, en;q=0.5, hi-IN;q=0.8' });
    expect(response.body).toContain('<title>landing hi</title>');
    expect(response.headers['content-language']).toBe('hi');
  });

  it('puts the saved choice in the cookie before Accept-Language', async () => {
    const saved = await page('/login', { 'accept-language': 'hi', cookie: 'lang=en' });
    expect(saved.body).toContain('<title>login en</title>');
    const unknown = await page('/login', { 'accept-language': 'hi', cookie: 'lang=xx' });
    expect(unknown.body).toContain('<title>login hi</title>');
  });

  it('matches the query exactly, or any value of a parameter listed as open', async () => {
    expect((await page('/reset-password?token=abc123')).body).toContain('reset-form en');
    // Anything not rendered ahead of time gets the app shell, which renders it in the browser.
    expect((await page('/login?utm_source=whatsapp')).body).toContain('<title>shell</title>');
    expect((await page('/reset-password?token=')).body).toContain('<title>shell</title>');
    expect((await page('/dashboard', { 'accept-language': 'hi' })).body).toContain('shell');
  });

  it("gives a signed-in visitor's pages that start the app on touch to the app, which moves them on", async () => {
    const signedIn = { cookie: 'csrf_token=abc; lang=hi' };
    expect((await page('/', signedIn)).body).toContain('<title>shell</title>');
    expect((await page('/login', signedIn)).body).toContain('<title>shell</title>');
    // A page not listed as starting on touch stays the page, signed in or not.
    expect((await page('/reset-password?token=t1', signedIn)).body).toContain('reset-form hi');
    // Signed out, the pages themselves.
    expect((await page('/login', { cookie: 'lang=hi' })).body).toContain('login hi');
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, varying on it", async () => {
    const original = fs.readFileSync(path.join(dist(), 'assets', 'app-abc123.js'));
    const script = (encoding?: string) =>
      app().inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await script('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(original);
    expect(br.rawPayload.length).toBeLessThan(original.length / 4);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await script('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload)).toEqual(original);
    const plain = await script();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original);

    // A prerendered page too, still varying on the language hints as well.
    const login = await page('/login', { 'accept-language': 'hi', 'accept-encoding': 'br' });
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['content-language']).toBe('hi');
    expect(login.headers.vary).toMatch(/Cookie, Accept-Language, accept-encoding/i);
    expect(brotliDecompressSync(login.rawPayload).toString()).toContain('<title>login hi</title>');
  });
});

describe('public pages of a build from before the list of pages that start on touch', () => {
  const { page } = useWebDistApp(() => {
    const dist = writeDist();
    const index = path.join(dist, 'prerendered', 'pages.json');
    const { startOnTouch: _listed, ...older } = JSON.parse(fs.readFileSync(index, 'utf8'));
    fs.writeFileSync(index, JSON.stringify(older));
    return dist;
  });

  it("gives a signed-in visitor the app for the landing page only, as that build's pages expect", async () => {
    const signedIn = { cookie: 'csrf_token=abc; lang=hi' };
    expect((await page('/', signedIn)).body).toContain('<title>shell</title>');
    expect((await page('/login', signedIn)).body).toContain('login hi');
  });
});
