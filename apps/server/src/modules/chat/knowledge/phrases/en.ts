import type { Phrases } from '../../engine/phrases.js';

const en = new Intl.PluralRules('en');

/** English sentences around the user's own figures, lists and small talk. */
export const enPhrases: Phrases = {
  greeting:
    'Hello! I am the AnnaSetu assistant. Ask me how to donate or receive food, about food safety, tokens and CO2, or about your own donations and requests.',
  thanks: 'You are welcome! Ask me anything else about food donation whenever you like.',
  capabilities:
    'I can explain how AnnaSetu works for donors, receivers and volunteers, share food-safety rules for surplus food, and tell you about tokens, CO2, badges and milestones. I can also look up your own donations, requests, tokens and impact, donations near you, and what to do next.',
  refusal:
    'I can only share information from your own account, never another user’s data. I can show you your own donations, requests, tokens or impact instead.',
  clarify: 'Which of these did you mean?',
  unsure: 'I am not sure I understood that. You could ask me, for example:',
  donationStatus: {
    pending: 'waiting for a pickup',
    accepted: 'accepted',
    rejected: 'not fit for people',
    completed: 'completed',
    expired: 'expired',
  },
  requestStatus: {
    pending: 'pending',
    accepted: 'accepted',
    rejected: 'declined',
    fulfilled: 'fulfilled',
    collected: 'collected',
    cancelled: 'cancelled',
  },
  quantity(n, unit, count) {
    const one = en.select(count) === 'one';
    const names = {
      meals: one ? 'meal' : 'meals',
      kg: 'kg',
      liters: one ? 'liter' : 'liters',
      packs: one ? 'pack' : 'packs',
    };
    return `${n} ${names[unit]}`;
  },
  expires: (relative) => `expires ${relative}`,
  carriedBy: (name) => `${name} is collecting it`,
  notDonor:
    'Your account is not a donor account, so you have no donations of your own. Ask me about your requests instead.',
  noDonations:
    'You have not posted any donations yet. Open Donations and fill in the form to post your first one.',
  noDonationsWithStatus: (status) => `You have no donations that are ${status}.`,
  donationsSummary: (total, breakdown) =>
    total === 1
      ? `You have posted 1 donation (${breakdown}).`
      : `You have posted ${total} donations (${breakdown}).`,
  donationsWithStatus: (count, status) =>
    count === 1 ? `1 of your donations is ${status}.` : `${count} of your donations are ${status}.`,
  latest: 'The latest:',
  noRequests: 'You have no requests or deliveries yet.',
  noRequestsWithStatus: (status) => `You have no requests that are ${status}.`,
  requestsSummary: (total, breakdown) =>
    total === 1
      ? `You take part in 1 request (${breakdown}).`
      : `You take part in ${total} requests (${breakdown}).`,
  requestSide: {
    requester: 'your request',
    donor: 'request for your donation',
    volunteer: 'your pickup',
    destination: 'delivery to you',
  },
  tokens(count, audience) {
    const balance = count === 1 ? 'You have 1 token.' : `You have ${count} tokens.`;
    if (audience === 'donor')
      return `${balance} You earn 10 more each time a volunteer collects one of your donations in good condition.`;
    if (audience === 'volunteer')
      return `${balance} You earn 5 more for each delivery you complete.`;
    return `${balance} Tokens go to donors (10 per good collection) and volunteers (5 per completed delivery).`;
  },
  impactDonor: (co2, meals, kg, donations) =>
    `You have made ${donations} ${donations === 1 ? 'donation' : 'donations'}. Food collected in good condition has saved ${co2} kg of CO2, with ${meals} meals and ${kg} kg of food donated.`,
  impactVolunteer: (co2, deliveries) =>
    `You have completed ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}, and the food you carried saved ${co2} kg of CO2.`,
  impactReceiver: (co2, received) =>
    `You have received ${received} ${received === 1 ? 'delivery' : 'deliveries'}, which saved ${co2} kg of CO2.`,
  impactEquivalent: (km) => `That is like not driving a car for ${km} km.`,
  badges: (names) => `Badges earned: ${names}.`,
  noBadges:
    'You have not earned a badge yet; your first donation or delivery earns Getting Started.',
  badgeNames: {
    getting_started: 'Getting Started',
    community_helper: 'Community Helper',
    co2_saver_100: '100 kg CO2 Saver',
    co2_saver_500: '500 kg CO2 Saver',
  },
  nextMilestone: (milestone, remaining) =>
    `Next milestone: ${milestone} kg of CO2, ${remaining} kg to go.`,
  allMilestones: 'You have reached every CO2 milestone. Wonderful!',
  noFeed:
    'Donor accounts do not have a list of available donations. Ask me about your own donations instead.',
  noLocation:
    'Your profile has no location yet, so these are the newest donations anywhere. Add your location in your profile to see the nearest ones.',
  nearbyNone: (radius) =>
    `There are no available donations within ${radius} km right now. Please check again a little later.`,
  nearbyHeader: (count, radius) =>
    count === 1
      ? `1 donation is available within ${radius} km:`
      : `${count} donations are available within ${radius} km:`,
  distance: (km) => `${km} km away`,
  nothingOpen(audience) {
    if (audience === 'donor')
      return 'Nothing needs your attention right now. You could post a new donation whenever you have surplus food.';
    if (audience === 'volunteer')
      return 'You have no open pickups. Open Donations to grab one near you.';
    return 'You have no open requests or deliveries. Open Donations to request food near you.';
  },
  nextHeader: 'Here is what needs your attention:',
  next(step) {
    switch (step.kind) {
      case 'decide_requests':
        return `“${step.foodType}”: ${step.count === 1 ? '1 request is' : `${step.count} requests are`} waiting for you to accept or decline.`;
      case 'await_request':
        return `“${step.foodType}”: waiting for a request or a volunteer; it ${step.expiresIn}.`;
      case 'volunteer_coming':
        return `“${step.foodType}”: a volunteer is on the way; keep the food ready.`;
      case 'self_deliver':
        return `“${step.foodType}”: you chose to deliver it yourself; take it to ${step.place}.`;
      case 'collect':
        return `“${step.foodType}”: collect it from ${step.place}, then record the quality and destination.`;
      case 'deliver':
        return `“${step.foodType}”: take it to ${step.place} and press Mark delivered.`;
      case 'await_donor':
        return `“${step.foodType}”: your request is waiting for the donor’s answer.`;
      case 'accept_delivery':
        return `“${step.foodType}”: a delivery is coming to you; accept it so the volunteer knows you expect it.`;
      case 'confirm_receipt':
        return `“${step.foodType}”: the food is on its way; press Confirm receipt once it arrives.`;
      case 'await_delivery':
        return `“${step.foodType}”: accepted; waiting for the food to be collected.`;
    }
  },
};
