import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { createStaticI18n } from '../../../lib/i18n';
import { mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { volunteerJob } from '../../../testing/jobs';
import { useRequestedDonationIds } from './requested-donations';

const bank = makeUser({ role: 'foodbank', id: '00000000-0000-4000-8000-0000000000b1' });

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  queryClient.setQueryData(SESSION_QUERY_KEY, bank);
  return (
    <AppProvider i18n={createStaticI18n({})} queryClient={queryClient}>
      {children}
    </AppProvider>
  );
}

describe('useRequestedDonationIds', () => {
  it('holds the donations of the person’s own open requests, not of others on their list', async () => {
    mockApi({
      'GET /api/requests': {
        body: {
          items: [
            volunteerJob(1, { status: 'pending', requesterId: bank.id }),
            volunteerJob(2, { status: 'accepted' }),
          ],
          nextCursor: null,
        },
      },
    });
    const { result } = renderHook(() => useRequestedDonationIds(true), { wrapper });
    await waitFor(() => expect(result.current.size).toBe(1));
    expect([...result.current]).toEqual([volunteerJob(1).donationId]);
  });

  it('fetches nothing when turned off', async () => {
    const { calls } = mockApi({});
    const { result } = renderHook(() => useRequestedDonationIds(false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([result.current.size, calls.length]).toEqual([0, 0]);
  });
});
