import { describe, expect, it } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { countStages, incomingStage, sortIncoming } from './incoming';

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
