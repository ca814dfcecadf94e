// Both engines: rounds of concurrent work against the connection limits.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SerialRounds } from './serial-rounds.js';

const logger = pino({ level: 'silent' });

describe('SerialRounds', () => {
  it('runs rounds one at a time, and wakes during a round queue a single more', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const rounds = new SerialRounds(
      async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        if (runs === 1) await new Promise<void>((r) => (release = r));
        running -= 1;
      },
      { logger, failure: 'failed' },
    );
    const first = rounds.wake();
    await new Promise((r) => setTimeout(r, 0));
    void rounds.wake();
    void rounds.wake();
    const last = rounds.wake();
    release();
    await Promise.all([first, last]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('starts no round once stopped, and stop waits for the round under way', async () => {
    const events: string[] = [];
    let release!: () => void;
    const rounds = new SerialRounds(
      async () => {
        events.push('round');
        await new Promise<void>((r) => (release = r));
        events.push('round done');
      },
      { logger, failure: 'failed' },
    );
    void rounds.wake();
    await new Promise((r) => setTimeout(r, 0));
    const stopped = rounds.stop().then(() => events.push('stopped'));
    void rounds.wake(); // a late event during shutdown
    release();
    await stopped;
    await rounds.wake();
    expect(events).toEqual(['round', 'round done', 'stopped']);
  });

  it('logs a failed round and keeps going', async () => {
    const outcomes: boolean[] = [];
    let fail = true;
    const rounds = new SerialRounds(
      async () => {
        if (fail) throw new Error('smtp down');
      },
      { logger, failure: 'failed', onRound: (ok) => outcomes.push(ok) },
    );
    await rounds.wake();
    fail = false;
    await rounds.wake();
    expect(outcomes).toEqual([false, true]);
  });
});
