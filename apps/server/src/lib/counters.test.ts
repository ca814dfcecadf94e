import { describe, expect, it } from 'vitest';
import { rateLimitStoreFor, type CounterStore } from './counters.js';

// The store @fastify/rate-limit uses on PostgreSQL: every route with its own limit must count in
// its own window, or sign-in attempts would use up the password-reset budget.
describe('rate limit store on shared counters', () => {
  function recordingStore() {
    const keys: string[] = [];
    const counters = {
      hit: async (key: string) => {
        keys.push(key);
        return { count: 1, resetAt: Date.now() + 1000 };
      },
    } as unknown as CounterStore;
    return { keys, Store: rateLimitStoreFor(counters) };
  }

  const incr = (store: { incr: (k: string, cb: () => void, w: number) => void }, key: string) =>
    new Promise<void>((resolve) => store.incr(key, () => resolve(), 60_000));

  it('keys each route apart, as the plugin passes it', async () => {
    const { keys, Store } = recordingStore();
    const root = new Store();
    // The shape @fastify/rate-limit's onRoute hook hands to child(): merged params + routeInfo.
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/auth/login' } });
    const forgot = root.child({ routeInfo: { method: 'POST', url: '/api/auth/forgot-password' } });
    await incr(login, '203.0.113.9');
    await incr(forgot, '203.0.113.9');
    expect(keys).toEqual([
      'rl:POST:/api/auth/login:203.0.113.9',
      'rl:POST:/api/auth/forgot-password:203.0.113.9',
    ]);
  });

  it('shares one window between routes of a group', async () => {
    const { keys, Store } = recordingStore();
    const root = new Store();
    await incr(root.child({ groupId: 'auth', routeInfo: { method: 'POST', url: '/a' } }), 'k');
    await incr(root.child({ groupId: 'auth', routeInfo: { method: 'POST', url: '/b' } }), 'k');
    expect(keys).toEqual(['rl:auth:k', 'rl:auth:k']);
  });
});
