import { useQuery } from '@tanstack/react-query';
import { ApiError, api, newIdempotencyKey, readCookie } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { requestKeys } from './query-keys';

/** The server's limit (apps/server/src/modules/uploads/uploads.routes.ts, MAX_PHOTO_BYTES). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What the server decodes and its message names: JPEG, PNG or WebP. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The stored photo: its id for the collection, and where it can be seen. */
export type UploadedPhoto = ApiResponse<'/api/uploads/photos', 'post', 201>;

/** The client-side check, with the same codes the server would answer. */
export function checkPhoto(file: File): 'UPLOAD_NOT_IMAGE' | 'FILE_TOO_LARGE' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'UPLOAD_NOT_IMAGE';
  if (file.size > MAX_PHOTO_BYTES) return 'FILE_TOO_LARGE';
  return null;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: string; error?: string };
    if (body.code) return new ApiError(xhr.status, body.code, body.error ?? body.code);
  } catch {
    // Not JSON (a proxy's error page): fall through to the status.
  }
  return new ApiError(xhr.status, xhr.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL_ERROR', '');
}

/**
 * POST /api/uploads/photos with upload progress, after shrinking the photo on the device.
 * fetch reports no upload progress, so this one call uses XMLHttpRequest, with the session
 * cookie, the CSRF header and an Idempotency-Key like api-client.
 */
export async function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedPhoto> {
  const small = await shrinkPhoto(file);
  if (signal?.aborted) throw new DOMException('Upload aborted', 'AbortError');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads/photos');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('csrf_token');
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.setRequestHeader('Idempotency-Key', newIdempotencyKey());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedPhoto);
          return;
        } catch {
          // An unreadable success is a failure.
        }
      }
      reject(errorOf(xhr));
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.')),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('photo', small, small.name || 'photo.jpg');
    xhr.send(form);
  });
}

/** DELETE /api/uploads/photos/:id: a photo removed or replaced before the collection is recorded. */
export function deletePhoto(photoId: string): Promise<void> {
  return api.delete<void>(`/api/uploads/photos/${photoId}`);
}

/** GET /api/uploads/requests/:id/photo: the collection photo of a request, for those involved. */
export function useRequestPhoto(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.photo(requestId),
    queryFn: () =>
      api.get<ApiResponse<'/api/uploads/requests/{id}/photo', 'get'>>(
        `/api/uploads/requests/${requestId}/photo`,
      ),
    enabled,
    // A collection's photo never changes once recorded.
    staleTime: Infinity,
  });
}
