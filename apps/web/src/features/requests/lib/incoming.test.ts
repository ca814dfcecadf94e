import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import {
  RECENT_RECEIVED,
  countStages,
  incomingShown,
  incomingStage,
  sortIncoming,
} from './incoming';

const r = (id: string, status: FoodRequest['status'], accepted = false, updatedAt = '2026-11-01') =>
  ({ id, status, destinationAccepted: accepted, updatedAt }) as FoodRequest;

describe('incoming deliveries', () => {
  it('reads the stage from status and acceptance', () => {
    expect(incomingStage(r('a', 'accepted'))).toBe('awaiting');
    expect(incomingStage(r('a', 'accepted', true))).toBe('accepted');
    expect(incomingStage(r('a', 'collected'))).toBe('onTheWay');
    expect(incomingStage(r('a', 'fulfilled', true))).toBe('received');
  });

  it('counts stages and lists what needs the receiver first, newest first', () => {
    const list = [
      r('done', 'fulfilled', true, '2026-11-05'),
      r('road', 'collected', true, '2026-11-02'),
      r('wait-old', 'accepted', false, '2026-11-01'),
      r('wait-new', 'accepted', false, '2026-11-03'),
    ];
    expect(countStages(list)).toEqual({ awaiting: 2, accepted: 0, onTheWay: 1, received: 1 });
    expect(sortIncoming(list).map((x) => x.id)).toEqual(['wait-new', 'wait-old', 'road', 'done']);
  });
});

describe('incomingShown', () => {
  // A food bank with a long history: 100 received deliveries, and two still open.
  const history = Array.from({ length: 100 }, (_, i) =>
    r(`old-${i}`, 'fulfilled', true, `2026-10-${String((i % 28) + 1).padStart(2, '0')}`),
  );
  const open = [r('waiting', 'accepted'), r('coming', 'collected', true)];

  it('shows every open delivery first, then only the latest received ones', () => {
    const { shown, hiddenReceived, received } = incomingShown([...history, ...open], false);
    expect(shown.slice(0, 2).map((x) => x.id)).toEqual(['waiting', 'coming']);
    expect(shown).toHaveLength(2 + RECENT_RECEIVED);
    expect(shown.slice(2).every((x) => x.status === 'fulfilled')).toBe(true);
    expect(shown[2]!.updatedAt >= shown.at(-1)!.updatedAt).toBe(true);
    expect([hiddenReceived, received]).toEqual([100 - RECENT_RECEIVED, 100]);
  });

  it('shows them all when asked, and hides nothing when there are few', () => {
    expect(incomingShown([...history, ...open], true).shown).toHaveLength(102);
    const few = incomingShown([history[0]!, ...open], false);
    expect([few.shown.length, few.hiddenReceived]).toEqual([3, 0]);
  });
});
