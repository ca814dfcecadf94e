import type { Phrases } from '../../engine/phrases.js';

/** Punjabi sentences around the user's own figures, lists and small talk. */
export const paPhrases: Phrases = {
  greeting:
    'ਸਤ ਸ੍ਰੀ ਅਕਾਲ! ਮੈਂ ਅੰਨਸੇਤੂ ਸਹਾਇਕ ਹਾਂ। ਮੈਨੂੰ ਭੋਜਨ ਦਾਨ ਕਰਨ ਜਾਂ ਲੈਣ ਦੇ ਤਰੀਕੇ, ਖੁਰਾਕ ਸੁਰੱਖਿਆ, ਟੋਕਨ ਅਤੇ CO2, ਜਾਂ ਆਪਣੇ ਦਾਨਾਂ ਅਤੇ ਬੇਨਤੀਆਂ ਬਾਰੇ ਪੁੱਛੋ।',
  thanks: 'ਤੁਹਾਡਾ ਸਵਾਗਤ ਹੈ! ਭੋਜਨ ਦਾਨ ਬਾਰੇ ਹੋਰ ਕੁਝ ਪੁੱਛਣਾ ਹੋਵੇ ਤਾਂ ਕਦੇ ਵੀ ਪੁੱਛੋ।',
  capabilities:
    'ਮੈਂ ਦੱਸ ਸਕਦਾ ਹਾਂ ਕਿ ਅੰਨਸੇਤੂ ਦਾਨੀਆਂ, ਪ੍ਰਾਪਤਕਰਤਾਵਾਂ ਅਤੇ ਸਵੈਸੇਵਕਾਂ ਲਈ ਕਿਵੇਂ ਕੰਮ ਕਰਦਾ ਹੈ, ਵਾਧੂ ਭੋਜਨ ਦੇ ਖੁਰਾਕ ਸੁਰੱਖਿਆ ਨਿਯਮ ਸਮਝਾ ਸਕਦਾ ਹਾਂ, ਅਤੇ ਟੋਕਨ, CO2, ਬੈਜ ਅਤੇ ਮੀਲ ਪੱਥਰਾਂ ਬਾਰੇ ਦੱਸ ਸਕਦਾ ਹਾਂ। ਮੈਂ ਤੁਹਾਡੇ ਆਪਣੇ ਦਾਨ, ਬੇਨਤੀਆਂ, ਟੋਕਨ ਅਤੇ ਪ੍ਰਭਾਵ, ਤੁਹਾਡੇ ਨੇੜਲੇ ਦਾਨ, ਅਤੇ ਅੱਗੇ ਕੀ ਕਰਨਾ ਹੈ, ਇਹ ਵੀ ਵੇਖ ਸਕਦਾ ਹਾਂ।',
  refusal:
    'ਮੈਂ ਸਿਰਫ਼ ਤੁਹਾਡੇ ਆਪਣੇ ਖਾਤੇ ਦੀ ਜਾਣਕਾਰੀ ਦੇ ਸਕਦਾ ਹਾਂ, ਕਿਸੇ ਹੋਰ ਵਰਤੋਂਕਾਰ ਦਾ ਡਾਟਾ ਕਦੇ ਨਹੀਂ। ਚਾਹੋ ਤਾਂ ਮੈਂ ਤੁਹਾਡੇ ਆਪਣੇ ਦਾਨ, ਬੇਨਤੀਆਂ, ਟੋਕਨ ਜਾਂ ਪ੍ਰਭਾਵ ਦਿਖਾ ਸਕਦਾ ਹਾਂ।',
  clarify: 'ਤੁਸੀਂ ਇਨ੍ਹਾਂ ਵਿੱਚੋਂ ਕੀ ਪੁੱਛਣਾ ਚਾਹੁੰਦੇ ਹੋ?',
  unsure: 'ਮਾਫ਼ ਕਰਨਾ, ਮੈਂ ਠੀਕ ਤਰ੍ਹਾਂ ਸਮਝ ਨਹੀਂ ਸਕਿਆ। ਤੁਸੀਂ ਮੈਨੂੰ ਅਜਿਹੇ ਸਵਾਲ ਪੁੱਛ ਸਕਦੇ ਹੋ:',
  donationStatus: {
    pending: 'ਪਿਕਅੱਪ ਦੀ ਉਡੀਕ ਵਿੱਚ',
    accepted: 'ਸਵੀਕਾਰਿਆ',
    rejected: 'ਖਾਣ ਯੋਗ ਨਹੀਂ',
    completed: 'ਪੂਰਾ ਹੋਇਆ',
    expired: 'ਮਿਆਦ ਪੁੱਗੀ',
  },
  requestStatus: {
    pending: 'ਬਕਾਇਆ',
    accepted: 'ਸਵੀਕਾਰੀ',
    rejected: 'ਰੱਦ ਕੀਤੀ',
    fulfilled: 'ਪੂਰੀ ਹੋਈ',
    collected: 'ਚੁੱਕੀ ਗਈ',
    cancelled: 'ਰੱਦ',
  },
  quantity(n, unit) {
    const names = { meals: 'ਭੋਜਨ', kg: 'ਕਿਲੋ', liters: 'ਲੀਟਰ', packs: 'ਪੈਕੇਟ' };
    return `${n} ${names[unit]}`;
  },
  expires: (relative) => `ਮਿਆਦ ${relative} ਖਤਮ`,
  carriedBy: (name) => `${name} ਚੁੱਕ ਰਹੇ ਹਨ`,
  notDonor: 'ਤੁਹਾਡਾ ਖਾਤਾ ਦਾਨੀ ਖਾਤਾ ਨਹੀਂ ਹੈ, ਇਸ ਲਈ ਤੁਹਾਡੇ ਆਪਣੇ ਕੋਈ ਦਾਨ ਨਹੀਂ ਹਨ। ਚਾਹੋ ਤਾਂ ਆਪਣੀਆਂ ਬੇਨਤੀਆਂ ਬਾਰੇ ਪੁੱਛੋ।',
  noDonations: 'ਤੁਸੀਂ ਅਜੇ ਤੱਕ ਕੋਈ ਦਾਨ ਪੋਸਟ ਨਹੀਂ ਕੀਤਾ। "ਦਾਨ" ਪੰਨਾ ਖੋਲ੍ਹੋ ਅਤੇ ਫਾਰਮ ਭਰ ਕੇ ਪਹਿਲਾ ਦਾਨ ਪੋਸਟ ਕਰੋ।',
  noDonationsWithStatus: (status) => `ਤੁਹਾਡਾ ਕੋਈ ਵੀ ਦਾਨ "${status}" ਸਥਿਤੀ ਵਿੱਚ ਨਹੀਂ ਹੈ।`,
  donationsSummary: (total, breakdown) =>
    total === 1
      ? `ਤੁਸੀਂ 1 ਦਾਨ ਪੋਸਟ ਕੀਤਾ ਹੈ (${breakdown})।`
      : `ਤੁਸੀਂ ${total} ਦਾਨ ਪੋਸਟ ਕੀਤੇ ਹਨ (${breakdown})।`,
  donationsWithStatus: (count, status) =>
    count === 1
      ? `ਤੁਹਾਡਾ 1 ਦਾਨ "${status}" ਸਥਿਤੀ ਵਿੱਚ ਹੈ।`
      : `ਤੁਹਾਡੇ ${count} ਦਾਨ "${status}" ਸਥਿਤੀ ਵਿੱਚ ਹਨ।`,
  latest: 'ਸਭ ਤੋਂ ਨਵੇਂ:',
  noRequests: 'ਤੁਹਾਡੀਆਂ ਅਜੇ ਕੋਈ ਬੇਨਤੀਆਂ ਜਾਂ ਡਿਲੀਵਰੀਆਂ ਨਹੀਂ ਹਨ।',
  noRequestsWithStatus: (status) => `ਤੁਹਾਡੀ ਕੋਈ ਵੀ ਬੇਨਤੀ "${status}" ਸਥਿਤੀ ਵਿੱਚ ਨਹੀਂ ਹੈ।`,
  requestsSummary: (total, breakdown) =>
    total === 1
      ? `ਤੁਸੀਂ 1 ਬੇਨਤੀ ਨਾਲ ਜੁੜੇ ਹੋ (${breakdown})।`
      : `ਤੁਸੀਂ ${total} ਬੇਨਤੀਆਂ ਨਾਲ ਜੁੜੇ ਹੋ (${breakdown})।`,
  requestSide: {
    requester: 'ਤੁਹਾਡੀ ਬੇਨਤੀ',
    donor: 'ਤੁਹਾਡੇ ਦਾਨ ਤੇ ਬੇਨਤੀ',
    volunteer: 'ਤੁਹਾਡਾ ਪਿਕਅੱਪ',
    destination: 'ਤੁਹਾਡੇ ਲਈ ਡਿਲੀਵਰੀ',
  },
  tokens(count, audience) {
    const balance = count === 1 ? 'ਤੁਹਾਡੇ ਕੋਲ 1 ਟੋਕਨ ਹੈ।' : `ਤੁਹਾਡੇ ਕੋਲ ${count} ਟੋਕਨ ਹਨ।`;
    if (audience === 'donor')
      return `${balance} ਜਦੋਂ ਵੀ ਸਵੈਸੇਵਕ ਤੁਹਾਡਾ ਕੋਈ ਦਾਨ ਚੰਗੀ ਹਾਲਤ ਵਿੱਚ ਚੁੱਕੇਗਾ, ਤੁਹਾਨੂੰ 10 ਟੋਕਨ ਹੋਰ ਮਿਲਣਗੇ।`;
    if (audience === 'volunteer') return `${balance} ਹਰ ਪੂਰੀ ਡਿਲੀਵਰੀ ਤੇ ਤੁਹਾਨੂੰ 5 ਟੋਕਨ ਹੋਰ ਮਿਲਣਗੇ।`;
    return `${balance} ਟੋਕਨ ਦਾਨੀਆਂ (ਹਰ ਚੰਗੇ ਇਕੱਠ ਤੇ 10) ਅਤੇ ਸਵੈਸੇਵਕਾਂ (ਹਰ ਪੂਰੀ ਡਿਲੀਵਰੀ ਤੇ 5) ਨੂੰ ਮਿਲਦੇ ਹਨ।`;
  },
  impactDonor: (co2, meals, kg, donations) =>
    `ਤੁਸੀਂ ${donations} ${donations === 1 ? 'ਦਾਨ ਕੀਤਾ ਹੈ' : 'ਦਾਨ ਕੀਤੇ ਹਨ'}। ਚੰਗੀ ਹਾਲਤ ਵਿੱਚ ਚੁੱਕੇ ਭੋਜਨ ਨਾਲ ${co2} ਕਿਲੋ CO2 ਬਚੀ ਹੈ, ਅਤੇ ${meals} ਭੋਜਨ ਤੇ ${kg} ਕਿਲੋ ਖਾਣਾ ਦਾਨ ਹੋਇਆ ਹੈ।`,
  impactVolunteer: (co2, deliveries) =>
    `ਤੁਸੀਂ ${deliveries} ${deliveries === 1 ? 'ਡਿਲੀਵਰੀ ਪੂਰੀ ਕੀਤੀ ਹੈ' : 'ਡਿਲੀਵਰੀਆਂ ਪੂਰੀਆਂ ਕੀਤੀਆਂ ਹਨ'}, ਅਤੇ ਤੁਹਾਡੇ ਪਹੁੰਚਾਏ ਭੋਜਨ ਨਾਲ ${co2} ਕਿਲੋ CO2 ਬਚੀ ਹੈ।`,
  impactReceiver: (co2, received) =>
    `ਤੁਹਾਨੂੰ ${received} ${received === 1 ? 'ਡਿਲੀਵਰੀ ਮਿਲੀ ਹੈ, ਜਿਸ ਨਾਲ' : 'ਡਿਲੀਵਰੀਆਂ ਮਿਲੀਆਂ ਹਨ, ਜਿਨ੍ਹਾਂ ਨਾਲ'} ${co2} ਕਿਲੋ CO2 ਬਚੀ ਹੈ।`,
  impactEquivalent: (km) => `ਇਹ ${km} ਕਿਮੀ ਕਾਰ ਨਾ ਚਲਾਉਣ ਦੇ ਬਰਾਬਰ ਹੈ।`,
  badges: (names) => `ਤੁਹਾਡੇ ਬੈਜ: ${names}।`,
  noBadges: 'ਤੁਸੀਂ ਅਜੇ ਕੋਈ ਬੈਜ ਨਹੀਂ ਕਮਾਇਆ; ਪਹਿਲੇ ਦਾਨ ਜਾਂ ਡਿਲੀਵਰੀ ਤੇ "ਗੈਟਿੰਗ ਸਟਾਰਟਡ" ਬੈਜ ਮਿਲਦਾ ਹੈ।',
  badgeNames: {
    getting_started: 'ਗੈਟਿੰਗ ਸਟਾਰਟਡ',
    community_helper: 'ਕਮਿਊਨਿਟੀ ਹੈਲਪਰ',
    co2_saver_100: '100 ਕਿਲੋ CO2 ਬਚਤ',
    co2_saver_500: '500 ਕਿਲੋ CO2 ਬਚਤ',
  },
  nextMilestone: (milestone, remaining) =>
    `ਅਗਲਾ ਮੀਲ ਪੱਥਰ: ${milestone} ਕਿਲੋ CO2, ਅਜੇ ${remaining} ਕਿਲੋ ਬਾਕੀ।`,
  allMilestones: 'ਤੁਸੀਂ CO2 ਦੇ ਸਾਰੇ ਮੀਲ ਪੱਥਰ ਪਾਰ ਕਰ ਲਏ ਹਨ। ਸ਼ਾਨਦਾਰ!',
  noFeed: 'ਦਾਨੀ ਖਾਤਿਆਂ ਲਈ ਉਪਲਬਧ ਦਾਨਾਂ ਦੀ ਸੂਚੀ ਨਹੀਂ ਹੁੰਦੀ। ਚਾਹੋ ਤਾਂ ਆਪਣੇ ਦਾਨਾਂ ਬਾਰੇ ਪੁੱਛੋ।',
  noLocation:
    'ਤੁਹਾਡੀ ਪ੍ਰੋਫਾਈਲ ਵਿੱਚ ਅਜੇ ਟਿਕਾਣਾ ਨਹੀਂ ਹੈ, ਇਸ ਲਈ ਇਹ ਕਿਤੇ ਦੇ ਵੀ ਸਭ ਤੋਂ ਨਵੇਂ ਦਾਨ ਹਨ। ਸਭ ਤੋਂ ਨੇੜਲੇ ਦਾਨ ਵੇਖਣ ਲਈ ਪ੍ਰੋਫਾਈਲ ਵਿੱਚ ਆਪਣਾ ਟਿਕਾਣਾ ਜੋੜੋ।',
  nearbyNone: (radius) => `ਇਸ ਵੇਲੇ ${radius} ਕਿਮੀ ਦੇ ਅੰਦਰ ਕੋਈ ਦਾਨ ਉਪਲਬਧ ਨਹੀਂ। ਥੋੜ੍ਹੀ ਦੇਰ ਬਾਅਦ ਫਿਰ ਵੇਖੋ।`,
  nearbyHeader: (count, radius) =>
    `${radius} ਕਿਮੀ ਦੇ ਅੰਦਰ ${count} ਦਾਨ ${count === 1 ? 'ਉਪਲਬਧ ਹੈ' : 'ਉਪਲਬਧ ਹਨ'}:`,
  distance: (km) => `${km} ਕਿਮੀ ਦੂਰ`,
  nothingOpen(audience) {
    if (audience === 'donor') return 'ਇਸ ਵੇਲੇ ਤੁਹਾਡੇ ਧਿਆਨ ਲਈ ਕੁਝ ਨਹੀਂ। ਜਦੋਂ ਵੀ ਭੋਜਨ ਬਚੇ, ਨਵਾਂ ਦਾਨ ਪੋਸਟ ਕਰੋ।';
    if (audience === 'volunteer')
      return 'ਤੁਹਾਡਾ ਕੋਈ ਪਿਕਅੱਪ ਬਾਕੀ ਨਹੀਂ। ਨੇੜੇ ਕੋਈ ਦਾਨ ਗ੍ਰੈਬ ਕਰਨ ਲਈ "ਦਾਨ" ਪੰਨਾ ਖੋਲ੍ਹੋ।';
    return 'ਤੁਹਾਡੀ ਕੋਈ ਬੇਨਤੀ ਜਾਂ ਡਿਲੀਵਰੀ ਬਾਕੀ ਨਹੀਂ। ਨੇੜਲੇ ਭੋਜਨ ਦੀ ਬੇਨਤੀ ਕਰਨ ਲਈ "ਦਾਨ" ਪੰਨਾ ਖੋਲ੍ਹੋ।';
  },
  nextHeader: 'ਇਹਨਾਂ ਤੇ ਤੁਹਾਡਾ ਧਿਆਨ ਚਾਹੀਦਾ ਹੈ:',
  next(step) {
    const food = `"${step.foodType}"`;
    switch (step.kind) {
      case 'decide_requests':
        return `${food}: ${step.count} ਬੇਨਤੀਆਂ ਤੁਹਾਡੇ ਸਵੀਕਾਰ ਜਾਂ ਰੱਦ ਕਰਨ ਦੀ ਉਡੀਕ ਵਿੱਚ ਹਨ।`;
      case 'await_request':
        return `${food}: ਕਿਸੇ ਬੇਨਤੀ ਜਾਂ ਸਵੈਸੇਵਕ ਦੀ ਉਡੀਕ ਹੈ; ${step.expiresIn}।`;
      case 'volunteer_coming':
        return `${food}: ਸਵੈਸੇਵਕ ਰਾਹ ਵਿੱਚ ਹੈ; ਭੋਜਨ ਤਿਆਰ ਰੱਖੋ।`;
      case 'self_deliver':
        return `${food}: ਤੁਸੀਂ ਆਪ ਪਹੁੰਚਾਉਣਾ ਚੁਣਿਆ ਹੈ; ਇਸਨੂੰ ${step.place} ਲੈ ਜਾਓ।`;
      case 'collect':
        return `${food}: ਇਸਨੂੰ ${step.place} ਤੋਂ ਚੁੱਕੋ, ਫਿਰ ਗੁਣਵੱਤਾ ਅਤੇ ਮੰਜ਼ਿਲ ਦਰਜ ਕਰੋ।`;
      case 'deliver':
        return `${food}: ਇਸਨੂੰ ${step.place} ਪਹੁੰਚਾਓ ਅਤੇ "ਡਿਲੀਵਰ ਹੋ ਗਿਆ" ਦਬਾਓ।`;
      case 'await_donor':
        return `${food}: ਤੁਹਾਡੀ ਬੇਨਤੀ ਦਾਨੀ ਦੇ ਜਵਾਬ ਦੀ ਉਡੀਕ ਵਿੱਚ ਹੈ।`;
      case 'accept_delivery':
        return `${food}: ਤੁਹਾਡੇ ਲਈ ਡਿਲੀਵਰੀ ਆ ਰਹੀ ਹੈ; ਇਸਨੂੰ ਸਵੀਕਾਰ ਕਰੋ ਤਾਂ ਜੋ ਸਵੈਸੇਵਕ ਨੂੰ ਪਤਾ ਲੱਗੇ ਕਿ ਤੁਸੀਂ ਉਡੀਕ ਕਰ ਰਹੇ ਹੋ।`;
      case 'confirm_receipt':
        return `${food}: ਭੋਜਨ ਰਾਹ ਵਿੱਚ ਹੈ; ਪਹੁੰਚਣ ਤੇ "ਮਿਲਣ ਦੀ ਪੁਸ਼ਟੀ ਕਰੋ" ਦਬਾਓ।`;
      case 'await_delivery':
        return `${food}: ਸਵੀਕਾਰੀ ਗਈ; ਭੋਜਨ ਚੁੱਕੇ ਜਾਣ ਦੀ ਉਡੀਕ ਹੈ।`;
    }
  },
};
