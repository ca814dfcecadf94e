import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useWebDistApp } from './web-dist.test-app.js';

// A web build in miniature: the app shell and the signed-in pages' hints (shell.json).
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-shell-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>shell</title></head><body></body></html>',
  );
  fs.mkdirSync(path.join(dist, 'prerendered'));
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'shell.json'),
    JSON.stringify({
      catalogue: '/locales/{language}/translation.json?v=abc',
      layout: { js: ['assets/app-layout-1.js'], css: ['assets/app-layout-1.css'] },
      pages: { '/requests': { js: ['assets/requests-2.js'], css: [] } },
    }),
  );
  return dist;
}

describe('the app shell of signed-in pages', () => {
  const { page } = useWebDistApp(writeDist);

  it("starts the page's chunks, the reader's catalogues and /api/me from the HTML", async () => {
    const response = await page('/requests?filter=mine', {
      cookie: 'csrf_token=abc',
      'accept-language': 'hi-IN, en;q=0.5',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Cookie, Accept-Language/);
    const head = response.body.split('</head>')[0]!;
    expect(head).toContain('<title>shell</title>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-layout-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/requests-2.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/app-layout-1.css">',
    );
    // Hindi and English (the fallback), as the app's i18n loads them, and the signed-in user.
    for (const href of [
      '/locales/hi/translation.json?v=abc',
      '/locales/en/translation.json?v=abc',
      '/api/me',
    ]) {
      expect(head).toContain(`<link rel="preload" as="fetch" crossorigin href="${href}">`);
    }
  });

  it('follows the saved language in the cookie, and answers a repeat visit with 304', async () => {
    const first = await page('/requests', { cookie: 'csrf_token=abc; lang=ta' });
    expect(first.body).toContain('/locales/ta/translation.json?v=abc');
    expect(first.body).not.toContain('/locales/hi/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await page('/requests', {
      cookie: 'csrf_token=abc; lang=ta',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another document.
    const other = await page('/requests', {
      cookie: 'csrf_token=abc; lang=bn',
      'if-none-match': etag,
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('/locales/bn/translation.json?v=abc');
  });

  it('leaves the plain shell to signed-out visitors and to pages it has no hints for', async () => {
    const signedOut = await page('/requests');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).not.toContain('preload');
    const unknown = await page('/somewhere', { cookie: 'csrf_token=abc' });
    expect(unknown.body).toContain('<title>shell</title>');
    expect(unknown.body).not.toContain('preload');
  });
});
