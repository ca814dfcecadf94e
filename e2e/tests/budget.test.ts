import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../support/paths';

interface Report {
  jsGzipBytes: number;
  js: { file: string; gzip: number }[];
}

interface RouteReport {
  route: string;
  signedIn: boolean;
  files: string[];
  jsGzipBytes: number;
}

interface SizeScript {
  BUDGETS_KB: { landing: number; route: number };
  landingBundle: (dist: string) => Report;
  routeBundles: (dist: string) => RouteReport[];
}

async function sizeScript(): Promise<SizeScript> {
  expect(existsSync(join(WEB_DIST, '.vite', 'manifest.json')), 'build the web app first').toBe(
    true,
  );
  return (await import(join(WEB_DIST, '..', 'scripts', 'bundle-size.mjs'))) as SizeScript;
}

describe('JavaScript budgets', () => {
  it('loads at most 80 KB of gzip JavaScript on the landing page before the first interaction', async () => {
    const { BUDGETS_KB, landingBundle } = await sizeScript();
    const report = landingBundle(WEB_DIST);
    console.log(`Landing JavaScript: ${(report.jsGzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(BUDGETS_KB.landing).toBe(80);
    // The page is HTML; only its small starter script runs before the visitor acts.
    expect(report.js.some((item) => item.file.includes('framework-'))).toBe(false);
    expect(report.jsGzipBytes).toBeLessThanOrEqual(BUDGETS_KB.landing * 1024);
  });

  it('keeps every route within 100 KB, shared chunks included', async () => {
    const { BUDGETS_KB, routeBundles } = await sizeScript();
    const routes = routeBundles(WEB_DIST);
    expect(routes.map((route) => route.route)).toEqual(
      expect.arrayContaining(['dashboard', 'donations', 'requests', 'profile', 'map', 'login']),
    );
    expect(BUDGETS_KB.route).toBe(100);
    const over = routes
      .filter((route) => route.jsGzipBytes > BUDGETS_KB.route * 1024)
      .map((route) => `${route.route}: ${(route.jsGzipBytes / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it('loads the list windowing library on no route up front: only a long list loads it', async () => {
    const { routeBundles } = await sizeScript();
    // The windowing library's method name survives minification; it marks the chunk holding it.
    const windowing = readdirSync(join(WEB_DIST, 'assets'))
      .map((name) => `assets/${name}`)
      .filter(
        (file) =>
          file.endsWith('.js') &&
          readFileSync(join(WEB_DIST, file), 'utf8').includes('getVirtualItems'),
      );
    expect(windowing.length).toBeGreaterThan(0);
    const eager = routeBundles(WEB_DIST)
      .filter((route) => route.files.some((file) => windowing.includes(file)))
      .map((route) => route.route);
    expect(eager).toEqual([]);
  });

  it('loads the validation library on no route up front: forms load it when first used', async () => {
    const { routeBundles } = await sizeScript();
    // zod's core class name survives minification; it marks the chunk that holds zod.
    const hasZod = (file: string) =>
      readFileSync(join(WEB_DIST, file), 'utf8').includes('$ZodType');
    const zodChunks = readdirSync(join(WEB_DIST, 'assets'))
      .map((name) => `assets/${name}`)
      .filter((file) => file.endsWith('.js') && hasZod(file));
    expect(zodChunks.some((file) => file.includes('form-schemas-list'))).toBe(true);
    const eager = routeBundles(WEB_DIST)
      .filter((route) => route.files.some((file) => zodChunks.includes(file)))
      .map((route) => route.route);
    expect(eager).toEqual([]);
  });
});
