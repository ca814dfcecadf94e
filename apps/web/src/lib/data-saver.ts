import { useCallback, useSyncExternalStore } from 'react';

/** A setting of this device (not of the account): a phone on a small data plan turns it on. */
export const DATA_SAVER_STORAGE_KEY = 'annasetu.dataSaver';
const EVENT = 'annasetu:data-saver';

function read(): boolean {
  try {
    return window.localStorage.getItem(DATA_SAVER_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * Data saver: when on, map tiles and photo thumbnails load only when the person taps them.
 * Returns the setting and its setter; every screen using it follows a change at once.
 */
export function useDataSaver(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => {
    try {
      if (next) window.localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'on');
      else window.localStorage.removeItem(DATA_SAVER_STORAGE_KEY);
    } catch {
      // Storage blocked: the setting lasts until the page closes.
    }
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [on, set];
}
