import type { Page } from 'playwright-core';

/** A small real JPEG drawn and encoded by the browser itself (a plate of food, more or less). */
export async function makeJpeg(page: Page, width = 320, height = 240): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#f5e6c8';
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#c8702a';
      g.beginPath();
      g.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
      g.fill();
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no JPEG'))), 'image/jpeg', 0.85),
      );
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { width, height },
  );
  return Buffer.from(bytes);
}

/** What an image URL answers to the signed-in user of `page`: status, type and pixel size. */
export async function fetchImage(page: Page, url: string) {
  return page.evaluate(async (src) => {
    const response = await fetch(src, { credentials: 'same-origin' });
    const type = response.headers.get('content-type');
    if (!response.ok) return { status: response.status, type, width: 0, height: 0 };
    const bitmap = await createImageBitmap(await response.blob());
    return { status: response.status, type, width: bitmap.width, height: bitmap.height };
  }, url);
}
