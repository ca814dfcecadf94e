import { useLocation, useNavigate, useSearchParams } from 'react-router';

// A dialog of a card kept in the address (`?thread=<id>`, `?rate=<id>`): the phone's back button
// closes it, as in any app, instead of leaving the page, and a notification can link it open.

/** What the history entry of a dialog opened from its card says (closing it then goes back). */
interface OpenedHere {
  dialogOpenedHere?: string;
}

/** Whether the dialog `param` is open for `id`, and how to open it from its card. */
export function useDialogInAddress(param: string, id: string): { open: boolean; show: () => void } {
  const [params, setParams] = useSearchParams();
  return {
    open: params.get(param) === id,
    show: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(param, id);
          return next;
        },
        { state: { dialogOpenedHere: param } satisfies OpenedHere },
      ),
  };
}

/**
 * Closes the dialog `param` held in the address: opened from its card, by going back (so back
 * afterwards does not reopen it); arrived at open (a notification's link), by taking it and
 * `alsoDrop` out of the address, so a reload does not reopen it either.
 */
export function useCloseDialogInAddress(param: string, alsoDrop: string[] = []): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  return () => {
    if ((location.state as OpenedHere | null)?.dialogOpenedHere === param) {
      void navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [param, ...alsoDrop]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
}
