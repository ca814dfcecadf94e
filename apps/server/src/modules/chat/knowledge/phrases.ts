import type { i18n } from 'i18next';
import { createTranslator, readCatalogues } from '../../../messages/translator.js';
import type { Audience, Phrases } from '../engine/phrases.js';
import { CHAT_LANGS, type Lang } from '../engine/types.js';

/**
 * The assistant's sentences around the user's own figures, lists and small talk, one JSON file
 * per language (knowledge/phrases/<lang>.json), read through i18next: `{{name}}` placeholders,
 * plural forms by `count` (`_one`, `_other`, and `_zero` where 0 reads differently).
 */
export const PHRASE_FILES = readCatalogues(new URL('./phrases/', import.meta.url), CHAT_LANGS);

const translator: i18n = createTranslator(PHRASE_FILES);

// Receivers and admins share one wording where the sentence speaks to a role.
const side = (audience: Audience) =>
  audience === 'donor' || audience === 'volunteer' ? audience : 'everyone';

/** One language's phrases, as the engine's renderer calls them. */
export function phrasesFor(lang: Lang): Phrases {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translator.t(key, { ...values, lng: lang });
  const group = <T>(key: string) => translator.t(key, { lng: lang, returnObjects: true }) as T;
  return {
    greeting: t('greeting'),
    thanks: t('thanks'),
    capabilities: t('capabilities'),
    refusal: t('refusal'),
    clarify: t('clarify'),
    unsure: t('unsure'),
    sum: (kind, values) => t(`sum.${kind}`, values),
    donationStatus: group('donationStatus'),
    requestStatus: group('requestStatus'),
    quantity: (n, unit, count) => t(`quantity.${unit}`, { n, count }),
    expires: (relative) => t('expires', { relative }),
    carriedBy: (name) => t('carriedBy', { name }),
    notDonor: t('notDonor'),
    noDonations: t('noDonations'),
    noDonationsWithStatus: (status) => t('noDonationsWithStatus', { status }),
    donationsSummary: (count, breakdown) => t('donationsSummary', { count, breakdown }),
    donationsWithStatus: (count, status) => t('donationsWithStatus', { count, status }),
    latest: t('latest'),
    noRequests: t('noRequests'),
    noRequestsWithStatus: (status) => t('noRequestsWithStatus', { status }),
    requestsSummary: (count, breakdown) => t('requestsSummary', { count, breakdown }),
    requestSide: group('requestSide'),
    tokens: (count, audience) => t(`tokens.${side(audience)}`, { count }),
    impactDonor: (co2, meals, kg, count) => t('impactDonor', { co2, meals, kg, count }),
    impactVolunteer: (co2, count) => t('impactVolunteer', { co2, count }),
    impactReceiver: (co2, count) => t('impactReceiver', { co2, count }),
    impactEquivalent: (km) => t('impactEquivalent', { km }),
    badges: (names) => t('badges', { names }),
    noBadges: t('noBadges'),
    badgeNames: group('badgeNames'),
    nextMilestone: (milestone, remaining) => t('nextMilestone', { milestone, remaining }),
    allMilestones: t('allMilestones'),
    noFeed: t('noFeed'),
    noLocation: t('noLocation'),
    nearbyNone: (radius) => t('nearbyNone', { radius }),
    nearbyHeader: (count, radius) => t('nearbyHeader', { count, radius }),
    distance: (km) => t('distance', { km }),
    nothingOpen: (audience) => t(`nothingOpen.${side(audience)}`),
    nextHeader: t('nextHeader'),
    next: (step) => t(`next.${step.kind}`, { ...step }),
  };
}
