// Both engines: concurrent uploads claimed by one collection.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
});
afterAll(async () => {
  await t?.close();
});

/** Uploads like a browser form: multipart over real HTTP with the session cookie and CSRF header. */
async function upload(
  client: TestClient,
  data: Buffer,
  filename = 'food.jpg',
  type = 'image/jpeg',
) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(data)], { type }), filename);
  const response = await fetch(`${base}/api/uploads/photos`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': client.csrfToken ?? '',
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c96' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-HOME-LOCATION', Artist: 'Volunteer phone' } })
    .toBuffer();
}

describe('POST /api/uploads/photos', () => {
  it('re-encodes the photo without its metadata and at most 1600 px', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const original = await photoWithLocation();
    expect(original.includes('SECRET-HOME-LOCATION')).toBe(true);
    const response = await upload(volunteer.client, original);
    expect(response.status).toBe(201);
    const image = await fetch(`${base}${response.body.url}`, {
      headers: { cookie: [...volunteer.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(image.status).toBe(200);
    const stored = Buffer.from(await image.arrayBuffer());
    expect(stored.includes('SECRET-HOME-LOCATION')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
  });

  it('refuses a script renamed .jpg, a file over 10 MB, and non-volunteers', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const script = await upload(volunteer.client, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'food.jpg');
    expect(script.status).toBe(400);
    expect(script.body.code).toBe('UPLOAD_NOT_IMAGE');
    const huge = await upload(volunteer.client, Buffer.alloc(11 * 1024 * 1024, 1), 'huge.jpg');
    expect(huge.status, JSON.stringify(huge.body)).toBe(413);
    expect(huge.body.code).toBe('FILE_TOO_LARGE');
    const donor = await signUp(t.app, 'restaurant');
    expect((await upload(donor.client, await photoWithLocation())).status).toBe(403);
  });

  it('attaches a photo to one collection, shown to the donor and destination only', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const volunteer = await signUp(t.app, 'volunteer');
    const request = (await volunteer.client.post(`/api/donations/${donation.id}/grab`)).json()
      .request;
    const bank = await signUp(t.app, 'foodbank');
    const photo = await upload(volunteer.client, await photoWithLocation());
    const collected = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      photoId: photo.body.photoId,
    });
    expect(collected.statusCode, collected.body).toBe(201);
    expect(collected.json().collection.photoUrl).toBe(photo.body.url);
    expect((await donor.client.get(photo.body.url!)).statusCode).toBe(200);
    expect((await bank.client.get(photo.body.url!)).statusCode).toBe(200);
    const stranger = await signUp(t.app, 'foodbank');
    expect((await stranger.client.get(photo.body.url!)).statusCode).toBe(404);

    // The request cards find the photo by request, for those involved only.
    const photoOf = `/api/uploads/requests/${request.id}/photo`;
    for (const viewer of [donor, bank, volunteer]) {
      const found = await viewer.client.get(photoOf);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({ photoUrl: photo.body.url });
    }
    expect((await stranger.client.get(photoOf)).statusCode).toBe(404);
    // An attached photo is part of the record: its owner cannot delete it any more.
    expect((await volunteer.client.delete(photo.body.url!)).statusCode).toBe(404);
    expect((await donor.client.get(photo.body.url!)).statusCode).toBe(200);

    // The same photo cannot be attached again.
    const other = await postDonation(donor.client);
    const request2 = (await volunteer.client.post(`/api/donations/${other.id}/grab`)).json()
      .request;
    // A request not collected yet has no photo.
    const before = await donor.client.get(`/api/uploads/requests/${request2.id}/photo`);
    expect(before.json()).toEqual({ photoUrl: null });
    const reuse = await volunteer.client.post('/api/collections', {
      donationId: other.id,
      requestId: request2.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      photoId: photo.body.photoId,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('PHOTO_INVALID');
  });
});

describe('DELETE /api/uploads/photos/:id', () => {
  it('removes the file of a photo the volunteer replaced before collecting', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const photo = await upload(volunteer.client, await photoWithLocation());
    const file = path.join(t.config.dataDir, 'uploads', `${photo.body.photoId}.jpg`);
    expect((await fs.stat(file)).isFile()).toBe(true);
    const other = await signUp(t.app, 'volunteer');
    expect((await other.client.delete(photo.body.url!)).statusCode).toBe(404);
    expect((await volunteer.client.delete(photo.body.url!)).statusCode).toBe(204);
    await expect(fs.stat(file)).rejects.toThrow();
    expect((await volunteer.client.get(photo.body.url!)).statusCode).toBe(404);
    expect((await volunteer.client.delete(photo.body.url!)).statusCode).toBe(404);
  });

  it('lets a delete and a collection naming the same photo take turns: one of them wins', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bank = await signUp(t.app, 'foodbank');
    const volunteer = await signUp(t.app, 'volunteer');
    const intruder = await signUp(t.app, 'volunteer');
    /** A grabbed donation, ready to be collected with a photo. */
    const grabbed = async () => {
      const donation = await postDonation(donor.client);
      const request = (await volunteer.client.post(`/api/donations/${donation.id}/grab`)).json()
        .request;
      return (photoId: string) =>
        volunteer.client.post('/api/collections', {
          donationId: donation.id,
          requestId: request.id,
          quality: 'good',
          destinationType: 'foodbank',
          destinationUserId: bank.user.id,
          photoId,
        });
    };
    // Another volunteer's photo is never attached.
    const foreign = await upload(intruder.client, await photoWithLocation());
    const refused = await (await grabbed())(foreign.body.photoId!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PHOTO_INVALID');

    const photo = await upload(volunteer.client, await photoWithLocation());
    const collect = await grabbed();
    const [collected, removed] = await Promise.all([
      collect(photo.body.photoId!),
      volunteer.client.delete(photo.body.url!),
    ]);
    if (removed.statusCode === 204) {
      expect(collected.statusCode).toBe(400);
      expect(collected.json().code).toBe('PHOTO_INVALID');
      expect((await donor.client.get(photo.body.url!)).statusCode).toBe(404);
    } else {
      expect(removed.statusCode).toBe(404);
      expect(collected.statusCode, collected.body).toBe(201);
      expect((await donor.client.get(photo.body.url!)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/uploads/photos with hostile uploads', () => {
  it('refuses image types other than JPEG, PNG and WebP by their content, whatever the name says', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    for (const [data, name, type] of [
      [svg, 'food.svg', 'image/svg+xml'],
      [svg, 'food.jpg', 'image/jpeg'],
      [gif, 'food.png', 'image/png'],
      [tiff, 'food.webp', 'image/webp'],
    ] as const) {
      const response = await upload(volunteer.client, data, name, type);
      expect(response.status, name).toBe(400);
      expect(response.body.code).toBe('UPLOAD_NOT_IMAGE');
    }
    // The same picture as PNG and WebP is fine, even named .bin.
    for (const format of ['png', 'webp'] as const) {
      const data = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .toFormat(format)
        .toBuffer();
      expect(
        (await upload(volunteer.client, data, 'photo.bin', 'application/octet-stream')).status,
      ).toBe(201);
    }
  });

  it('answers malformed multipart with a coded 400: no boundary, a missing boundary, a cut-off body', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const part = (boundary: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const cases: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', part('xyz')],
      ['another boundary', 'multipart/form-data; boundary=abc', part('xyz')],
      ['cut-off body', 'multipart/form-data; boundary=xyz', part('xyz').subarray(0, 150)],
      ['empty body', 'multipart/form-data; boundary=xyz', Buffer.alloc(0)],
      ['no closing boundary', 'multipart/form-data; boundary=xyz', part('xyz').subarray(0, -8)],
    ];
    for (const [name, contentType, payload] of cases) {
      const response = await volunteer.client.request({
        method: 'POST',
        url: '/api/uploads/photos',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().code, name).toMatch(/^(MALFORMED_MULTIPART|UPLOAD_NOT_IMAGE)$/);
    }
  });
});
