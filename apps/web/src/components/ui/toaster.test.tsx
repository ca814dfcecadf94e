import { act, render, screen, waitFor } from '@testing-library/react';
import { toast, useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_OPTIONS } from '../../lib/toast';
import { AppToaster } from './toaster';

function VisibleCount() {
  const { toasts } = useToasterStore();
  const visible = toasts.filter((item) => item.visible).map((item) => String(item.message));
  return <output data-testid="visible">{visible.join(',')}</output>;
}

describe('toasts', () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  it('use the seed durations and limit', () => {
    expect(TOAST_OPTIONS.duration).toBe(4000);
    expect(TOAST_OPTIONS.success.duration).toBe(2000);
    expect(TOAST_OPTIONS.loading.duration).toBe(Infinity);
    expect(TOAST_LIMIT).toBe(20);
  });

  it('keep at most the limit on screen, dismissing the oldest first', async () => {
    render(
      <>
        <AppToaster limit={3} />
        <VisibleCount />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`m${i}`);
    });
    await waitFor(() => expect(screen.getByTestId('visible')).toHaveTextContent(/^m5,m4,m3$/));
  });
});
