import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import { S3PhotoStore } from './photo-store.js';

const BUCKET = 'annasetu-photos';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;
let base: string;
/** A client of our own, to look into the bucket without going through the app. */
let bucket: AwsClient;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'annasetu-s3-'));
  // A real S3-protocol server on loopback: path-style requests, XML errors, objects on disk.
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new AwsClient({ ...KEYS, service: 's3', region: 'ap-south-1', retries: 0 });
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'ap-south-1',
    S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
});

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Uploads like the browser: multipart over real HTTP with the session cookie and CSRF header. */
async function upload(client: TestClient, data: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'food.jpg');
  const response = await fetch(`${base}/api/uploads/photos`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookieOf(client), 'x-csrf-token': client.csrfToken ?? '' },
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a8' } })
    .jpeg()
    .toBuffer();

const objectUrl = (id: string) => `${endpoint}/${BUCKET}/photos/${id}.jpg`;

describe('photos in an S3-compatible bucket', () => {
  it('stores the upload as an object and serves it through the app URL', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const uploaded = await upload(volunteer.client, await photo());
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const id = uploaded.body.photoId!;
    expect(uploaded.body.url).toBe(`/api/uploads/photos/${id}`);

    const object = await bucket.fetch(objectUrl(id));
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await object.arrayBuffer());
    expect((await sharp(stored).metadata()).width).toBe(640);
    // Nothing went to the local disk.
    await expect(fs.stat(path.join(t.config.dataDir, 'uploads', `${id}.jpg`))).rejects.toThrow();

    const served = await fetch(`${base}${uploaded.body.url}`, {
      headers: { cookie: cookieOf(volunteer.client) },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-length')).toBe(String(stored.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    // The bucket's address never reaches the browser, and others still cannot see the photo.
    const stranger = await signUp(t.app, 'foodbank');
    expect((await stranger.client.get(uploaded.body.url!)).statusCode).toBe(404);
  });

  it('deletes the object when its owner removes an unattached photo', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const uploaded = await upload(volunteer.client, await photo());
    const id = uploaded.body.photoId!;
    const other = await signUp(t.app, 'volunteer');
    expect((await other.client.delete(`/api/uploads/photos/${id}`)).statusCode).toBe(404);
    expect((await bucket.fetch(objectUrl(id))).status).toBe(200);

    const removed = await volunteer.client.delete(`/api/uploads/photos/${id}`);
    expect(removed.statusCode).toBe(204);
    expect((await bucket.fetch(objectUrl(id))).status).toBe(404);
    const gone = await volunteer.client.get(`/api/uploads/photos/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('NOT_FOUND');
  });

  it('answers a clean 404 when the object is missing from the bucket', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const uploaded = await upload(volunteer.client, await photo());
    const id = uploaded.body.photoId!;
    // Lost behind the app's back (lifecycle rule, manual cleanup): the row is still there.
    expect((await bucket.fetch(objectUrl(id), { method: 'DELETE' })).status).toBe(204);
    const response = await volunteer.client.get(`/api/uploads/photos/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('refuses the upload, keeping no record, when the bucket refuses the object', async () => {
    const store = new S3PhotoStore({
      bucket: 'no-such-bucket',
      endpoint,
      region: 'ap-south-1',
      ...KEYS,
      forcePathStyle: true,
    });
    await expect(
      store.put('00000000-0000-4000-8000-000000000000', Buffer.from('x')),
    ).rejects.toThrow(/S3 PUT answered 404 NoSuchBucket/);
    expect(await store.open('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('S3 settings', () => {
  it('puts the bucket in the host name unless path style is asked for', () => {
    const settings = { bucket: 'food', region: 'ap-south-1', ...KEYS };
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      new S3PhotoStore({ ...settings, endpoint: undefined, forcePathStyle: false }).objectUrl(id),
    ).toBe(`https://food.s3.ap-south-1.amazonaws.com/photos/${id}.jpg`);
    expect(
      new S3PhotoStore({
        ...settings,
        endpoint: 'http://minio.local:9000/',
        forcePathStyle: true,
      }).objectUrl(id),
    ).toBe(`http://minio.local:9000/food/photos/${id}.jpg`);
  });

  it('lists every S3 problem with the other configuration problems', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'ftp://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT/),
        expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
        expect.stringMatching(/^S3_ENDPOINT/),
        'S3_ACCESS_KEY_ID: required with S3_BUCKET',
        'S3_SECRET_ACCESS_KEY: required with S3_BUCKET',
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_BUCKET: required with S3_ACCESS_KEY_ID/,
    );
    expect(loadConfig({}).photos.s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'food', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).photos.s3,
    ).toEqual({
      bucket: 'food',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
    });
  });
});
