import type { DonationStatus, RequestStatus } from '@annasetu/domain';
import type { Lexicon } from './types.js';

/** One lexicon made of every language's: a message may mix languages and scripts. */
export function mergeLexicons(lexicons: readonly Lexicon[]): Lexicon {
  const merged: Lexicon = {
    possessive: [],
    subject: [],
    ask: [],
    general: [],
    greeting: [],
    thanks: [],
    otherUser: [],
    override: [],
    topics: { donations: [], requests: [], tokens: [], impact: [], nearby: [], next: [] },
    status: {},
    km: [],
  };
  for (const l of lexicons) {
    merged.possessive.push(...l.possessive);
    merged.subject.push(...l.subject);
    merged.ask.push(...l.ask);
    merged.general.push(...l.general);
    merged.greeting.push(...l.greeting);
    merged.thanks.push(...l.thanks);
    merged.otherUser.push(...l.otherUser);
    merged.override.push(...l.override);
    merged.km.push(...l.km);
    for (const topic of Object.keys(merged.topics) as Array<keyof Lexicon['topics']>) {
      merged.topics[topic].push(...l.topics[topic]);
    }
    for (const [status, list] of Object.entries(l.status) as Array<
      [DonationStatus | RequestStatus, string[]]
    >) {
      (merged.status[status] ??= []).push(...list);
    }
  }
  return merged;
}
