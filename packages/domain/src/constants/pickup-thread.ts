// The conversation of one pickup (decision 0065): the donor, the volunteer and the receiver of a
// matched request write to one thread. Quick messages are stored as codes, so each reader sees
// them in their own language (`thread.quick.<code>` in the catalogues); free text is shown as typed.

/** The quick messages, in the order the thread offers them. */
export const QUICK_MESSAGES = [
  'on_my_way',
  'arriving_10',
  'ready_back_door',
  'running_late',
  'please_call',
] as const;
export type QuickMessage = (typeof QUICK_MESSAGES)[number];

/** What a party is on a request, as the thread names them beside their words. */
export const THREAD_PARTIES = ['donor', 'volunteer', 'receiver', 'admin'] as const;
export type ThreadParty = (typeof THREAD_PARTIES)[number];

/**
 * The quick messages each party is offered: what a volunteer on the way says, what a donor with
 * the food ready says; a receiver mostly asks to be called. Anyone may type anything.
 */
export const QUICK_MESSAGES_BY_PARTY: Readonly<Record<ThreadParty, readonly QuickMessage[]>> = {
  volunteer: ['on_my_way', 'arriving_10', 'running_late', 'please_call'],
  donor: ['ready_back_door', 'running_late', 'please_call'],
  receiver: ['please_call'],
  admin: [],
};

export const THREAD_LIMITS = {
  /** A typed message: about an SMS and a half, enough for "the gate code is ..." and a landmark. */
  text: 500,
  /** The newest messages a thread returns (a pickup's talk is short; older ones are not shown). */
  messages: 200,
  /** Days after the match ends (delivered, released, cancelled) during which the parties can still write. */
  writableDaysAfterEnd: 7,
  /** How much of a typed message a notification repeats. */
  notified: 140,
} as const;
