/** Polls `check` every `intervalMs` until it holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Items that arrive one by one (messages a stand-in received), and a wait for the first that
 * matches: at once when it is already there, else when it arrives.
 */
export class Arrivals<T> {
  readonly items: T[] = [];
  private readonly listeners = new Set<() => void>();

  push(item: T): void {
    this.items.push(item);
    for (const listener of [...this.listeners]) listener();
  }

  /** The first item that matches; rejects naming `what` after `timeoutMs`. */
  waitFor(match: (item: T) => boolean, timeoutMs: number, what: string): Promise<T> {
    const now = this.items.find(match);
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`no matching ${what} within ${timeoutMs} ms (${this.items.length} seen)`));
      }, timeoutMs);
      const check = () => {
        const item = this.items.find(match);
        if (!item) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(item);
      };
      this.listeners.add(check);
    });
  }
}
