import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/build-app.js';
import { TEST_ENGINE } from '../../test/database.js';

describe('GET /api/health', () => {
  it('reports the database up, then down once it is gone', async () => {
    const t = await createTestApp();
    try {
      const up = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 'ok', database: 'up', databaseKind: TEST_ENGINE });
      expect(up.headers['x-request-id']).toBeTruthy();
      expect(up.headers['content-security-policy']).toMatch(/default-src 'self'/);
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await t.app.close();
    }
  });
});

describe('API surface', () => {
  it('answers unknown API paths with a JSON 404 and serves OpenAPI at /api/docs', async () => {
    const t = await createTestApp();
    try {
      const missing = await new TestClient(t.app).get('/api/nope', { accept: 'text/html' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
      const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      const paths = Object.keys(spec.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/me', '/api/health']),
      );
    } finally {
      await t.close();
    }
  });

  it('honours a well-formed X-Request-Id and replaces a malformed one', async () => {
    const t = await createTestApp();
    try {
      const kept = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'lb-1234' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-1234');
      const replaced = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'bad id\n' },
      });
      expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
    } finally {
      await t.close();
    }
  });

  it('serves the web app with a fallback to index.html for client-side routes', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>AnnaSetu</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const deep = await t.app.inject({
        method: 'GET',
        url: '/donations/123',
        headers: { accept: 'text/html' },
      });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>AnnaSetu</title>');
      expect(deep.headers['cache-control']).toBe('no-cache');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toMatch(/immutable/);
      const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
      expect(missingAsset.statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('GET /config.js', () => {
  it('hands the web app its runtime settings: map tiles and the push key', async () => {
    const t = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.in/{z}/{x}/{y}.png' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/config.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      const config = JSON.parse(
        response.body.replace(/^window\.__ANNASETU_CONFIG__ = /, '').replace(/;\s*$/, ''),
      );
      expect(config.mapTileUrl).toBe('https://tiles.example.in/{z}/{x}/{y}.png');
      // No attribution configured: the web app writes OpenStreetMap's in the reader's language.
      expect(config.mapAttribution).toBeUndefined();
      expect(config.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(response.headers['content-security-policy']).toMatch(
        /img-src[^;]*https:\/\/tiles\.example\.in/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('page fallback', () => {
  it('serves /chatbot as a page while /chat stays an API path', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>AnnaSetu</title>');
    const t = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const page = await t.app.inject({
        method: 'GET',
        url: '/chatbot?lang=te',
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>AnnaSetu</title>');
      const api = await t.app.inject({
        method: 'GET',
        url: '/chat',
        headers: { accept: 'text/html' },
      });
      expect(api.headers['content-type']).toMatch(/json/);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
