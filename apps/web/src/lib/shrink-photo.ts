/** Longest side of an uploaded photo, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/** What a photo should weigh after shrinking (a target: a very detailed photo may stay a bit above). */
export const PHOTO_TARGET_BYTES = 300 * 1024;

/**
 * Resizes and recompresses a photo on the device before it travels over a slow or metered
 * connection: at most 1600 px on the longest side, aimed at under 300 KB, as JPEG. Runs on the
 * main thread: the library's worker would load its code from a CDN, which the app never does.
 * A photo that cannot be decoded here is sent as it is (the server checks and strips it). The
 * library (~17 KB gzip) loads only when a photo needs shrinking, not with the requests page.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  // No image decoding here (an old browser, or a test's DOM): the server handles the original.
  if (typeof createImageBitmap !== 'function') return file;
  if (file.size <= PHOTO_TARGET_BYTES && file.type === 'image/jpeg') {
    const bitmap = await createImageBitmap(file).catch(() => null);
    const small = bitmap ? Math.max(bitmap.width, bitmap.height) <= PHOTO_MAX_SIDE : false;
    bitmap?.close();
    if (small) return file;
  }
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const shrunk = await imageCompression(file, {
      maxSizeMB: PHOTO_TARGET_BYTES / (1024 * 1024),
      maxWidthOrHeight: PHOTO_MAX_SIDE,
      useWebWorker: false,
      fileType: 'image/jpeg',
      initialQuality: 0.8,
    });
    const name = (file.name || 'photo').replace(/\.[^.]+$/, '') + '.jpg';
    return new File([shrunk], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
