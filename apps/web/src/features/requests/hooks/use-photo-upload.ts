import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { checkPhoto, deletePhoto, uploadPhoto, type UploadedPhoto } from '../api/upload-photo';

export interface PhotoUploadState {
  status: 'empty' | 'uploading' | 'done' | 'failed';
  /** The picked file, kept for a retry. */
  file: File | null;
  /** Object URL of the picked file, for the thumbnail. */
  preview: string | null;
  /** 0..1 while uploading. */
  progress: number;
  photo: UploadedPhoto | null;
  /** Error code of the last pick or upload (client check or server answer). */
  error: string | null;
}

const EMPTY: PhotoUploadState = {
  status: 'empty',
  file: null,
  preview: null,
  progress: 0,
  photo: null,
  error: null,
};

/**
 * One optional photo for a collection: checked, previewed and uploaded as soon as it is picked.
 * A replaced or removed photo is deleted on the server, so no stray upload stays behind.
 */
export function usePhotoUpload() {
  const [state, setState] = useState<PhotoUploadState>(EMPTY);
  const current = useRef(state);
  current.current = state;
  const inFlight = useRef<AbortController | null>(null);

  /** Stops an upload under way, frees the thumbnail and optionally deletes the uploaded photo. */
  const drop = useCallback((deleteUploaded: boolean) => {
    inFlight.current?.abort();
    inFlight.current = null;
    const { preview, photo } = current.current;
    if (preview) URL.revokeObjectURL(preview);
    // Best effort: a photo left unattached harms nobody, it is only never shown.
    if (deleteUploaded && photo) void deletePhoto(photo.photoId).catch(() => undefined);
  }, []);

  const start = useCallback(
    (file: File) => {
      const problem = checkPhoto(file);
      if (problem) {
        // An unfit pick leaves the photo already chosen (if any) in place.
        setState((s) => ({ ...s, error: problem }));
        return;
      }
      drop(true);
      const controller = new AbortController();
      inFlight.current = controller;
      const preview = URL.createObjectURL(file);
      setState({ ...EMPTY, status: 'uploading', file, preview });
      uploadPhoto(
        file,
        (progress) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, progress }));
        },
        controller.signal,
      ).then(
        (photo) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          setState((s) => ({ ...s, status: 'done', progress: 1, photo }));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          const code = isApiError(error) ? error.code : 'NETWORK_ERROR';
          setState((s) => ({ ...s, status: 'failed', error: code }));
        },
      );
    },
    [drop],
  );

  const retry = useCallback(() => {
    const { file } = current.current;
    if (file) start(file);
  }, [start]);

  /** The volunteer takes the photo off the collection. */
  const remove = useCallback(() => {
    drop(true);
    setState(EMPTY);
  }, [drop]);

  /** Starts afresh; the photo stays on the server only when it now belongs to a collection. */
  const reset = useCallback(
    (attached: boolean) => {
      drop(!attached);
      setState(EMPTY);
    },
    [drop],
  );

  // Leaving the page mid-upload stops it and frees the thumbnail.
  useEffect(() => () => drop(false), [drop]);

  return { state, start, retry, remove, reset };
}

export type PhotoUpload = ReturnType<typeof usePhotoUpload>;
