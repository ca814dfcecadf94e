import { useMemo, useRef, useState } from 'react';

/** What `useChecking` hands a form. */
export interface Checking {
  /** Whether the form's checks are running; read and set in event handlers, like a ref. */
  current: boolean;
  /** The same, as render state: the submit button draws busy from the tap. */
  busy: boolean;
}

/**
 * The flag a form raises while it checks its fields before sending: a second tap meanwhile is
 * ignored. The checks load on demand, which on a slow link takes seconds, so the flag is also
 * render state: the button shows it is working at once, not only when the request goes out.
 */
export function useChecking(): Checking {
  const flag = useRef(false);
  const [busy, setBusy] = useState(false);
  return useMemo(
    () => ({
      get current() {
        return flag.current;
      },
      set current(value: boolean) {
        flag.current = value;
        setBusy(value);
      },
      busy,
    }),
    [busy],
  );
}
