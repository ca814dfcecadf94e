// When a grabbed donation counts as not collected in time (decision 0061). Times are minutes.

/** A grab holds a donation at most this long without a collection. */
export const NO_SHOW_HOLD_MINUTES = 120;

/** The hold ends this long before the food's expiry, so another volunteer can still reach it. */
export const NO_SHOW_HANDBACK_MINUTES = 30;

/** However late the grab, the volunteer has at least this long to collect. */
export const NO_SHOW_MIN_HOLD_MINUTES = 30;

/** The reminder goes this long before the deadline (at half the hold when the hold is short). */
export const NO_SHOW_REMINDER_LEAD_MINUTES = 30;

/**
 * From this many no-shows on, a volunteer is alerted after every volunteer with fewer (coverage
 * order, decision 0061): one missed pickup is forgiven as a bad day, a second is a pattern.
 */
export const NO_SHOW_DEMOTE_AFTER = 2;
