import type { CounterStore } from '../../lib/counters.js';

/** The day's count of text messages, shared by every kind (codes, alerts, answers). */
const BUDGET_KEY = 'sms-budget';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Counts one message against the day's budget when it is queued; false when the budget is
 * spent, and the message must not be sent. However many senders race, at most the budget goes.
 */
export async function spendSmsBudget(counters: CounterStore, budget: number): Promise<boolean> {
  const { count } = await counters.hit(BUDGET_KEY, DAY_MS);
  return count <= budget;
}

/** Messages the day's budget still allows (for refusing early, and for the admin's view). */
export async function smsBudgetLeft(counters: CounterStore, budget: number): Promise<number> {
  return Math.max(0, budget - (await counters.peek(BUDGET_KEY)));
}
