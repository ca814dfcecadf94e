import type { Phrases } from '../../engine/phrases.js';

/** Bengali sentences around the user's own figures, lists and small talk. */
export const bnPhrases: Phrases = {
  greeting:
    'নমস্কার! আমি অন্নসেতু সহকারী। খাবার দান করা বা পাওয়ার উপায়, খাদ্য নিরাপত্তা, টোকেন ও CO2, অথবা আপনার নিজের দান ও অনুরোধ নিয়ে আমাকে জিজ্ঞেস করুন।',
  thanks: 'আপনাকে স্বাগত! খাবার দান নিয়ে আর কিছু জানতে চাইলে যেকোনো সময় জিজ্ঞেস করুন।',
  capabilities:
    'দাতা, গ্রহীতা ও স্বেচ্ছাসেবকদের জন্য অন্নসেতু কীভাবে কাজ করে তা বলতে পারি, উদ্বৃত্ত খাবারের খাদ্য নিরাপত্তার নিয়ম বুঝিয়ে দিতে পারি, আর টোকেন, CO2, ব্যাজ ও মাইলফলক নিয়ে জানাতে পারি। আপনার নিজের দান, অনুরোধ, টোকেন ও প্রভাব, আপনার কাছাকাছি দান এবং এরপর কী করবেন, তাও দেখে বলতে পারি।',
  refusal:
    'আমি শুধু আপনার নিজের অ্যাকাউন্টের তথ্যই দিতে পারি, অন্য কোনো ব্যবহারকারীর তথ্য কখনো নয়। চাইলে আপনার নিজের দান, অনুরোধ, টোকেন বা প্রভাব দেখাতে পারি।',
  clarify: 'আপনি এর কোনটি জানতে চাইছেন?',
  unsure: 'দুঃখিত, আমি ঠিক বুঝতে পারিনি। আপনি আমাকে এমন প্রশ্ন করতে পারেন:',
  donationStatus: {
    pending: 'পিকআপের অপেক্ষায়',
    accepted: 'গৃহীত',
    rejected: 'খাওয়ার অযোগ্য',
    completed: 'সম্পূর্ণ',
    expired: 'মেয়াদোত্তীর্ণ',
  },
  requestStatus: {
    pending: 'অপেক্ষমাণ',
    accepted: 'গৃহীত',
    rejected: 'প্রত্যাখ্যাত',
    fulfilled: 'পূর্ণ',
    collected: 'সংগৃহীত',
    cancelled: 'বাতিল',
  },
  quantity(n, unit) {
    const names = { meals: 'খাবার', kg: 'কেজি', liters: 'লিটার', packs: 'প্যাকেট' };
    return `${n} ${names[unit]}`;
  },
  expires: (relative) => `মেয়াদ শেষ ${relative}`,
  carriedBy: (name) => `${name} তুলছেন`,
  notDonor:
    'আপনার অ্যাকাউন্টটি দাতার অ্যাকাউন্ট নয়, তাই আপনার নিজের কোনো দান নেই। চাইলে আপনার অনুরোধ নিয়ে জিজ্ঞেস করুন।',
  noDonations: 'আপনি এখনো কোনো দান পোস্ট করেননি। "দান" পাতা খুলে ফর্ম পূরণ করে প্রথম দানটি পোস্ট করুন।',
  noDonationsWithStatus: (status) => `আপনার কোনো দান "${status}" অবস্থায় নেই।`,
  donationsSummary: (total, breakdown) => `আপনি ${total}টি দান পোস্ট করেছেন (${breakdown})।`,
  donationsWithStatus: (count, status) => `আপনার ${count}টি দান "${status}" অবস্থায় আছে।`,
  latest: 'সবচেয়ে নতুনগুলো:',
  noRequests: 'আপনার এখনো কোনো অনুরোধ বা ডেলিভারি নেই।',
  noRequestsWithStatus: (status) => `আপনার কোনো অনুরোধ "${status}" অবস্থায় নেই।`,
  requestsSummary: (total, breakdown) => `আপনি ${total}টি অনুরোধের সঙ্গে যুক্ত (${breakdown})।`,
  requestSide: {
    requester: 'আপনার অনুরোধ',
    donor: 'আপনার দানের অনুরোধ',
    volunteer: 'আপনার পিকআপ',
    destination: 'আপনার কাছে ডেলিভারি',
  },
  tokens(count, audience) {
    const balance = `আপনার ${count}টি টোকেন আছে।`;
    if (audience === 'donor')
      return `${balance} স্বেচ্ছাসেবক আপনার কোনো দান ভালো অবস্থায় তুললেই আরও 10টি টোকেন পাবেন।`;
    if (audience === 'volunteer')
      return `${balance} প্রতিটি সম্পূর্ণ ডেলিভারির জন্য আরও 5টি টোকেন পাবেন।`;
    return `${balance} টোকেন পান দাতারা (প্রতিটি ভালো সংগ্রহে 10) এবং স্বেচ্ছাসেবকেরা (প্রতিটি সম্পূর্ণ ডেলিভারিতে 5)।`;
  },
  impactDonor: (co2, meals, kg, donations) =>
    `আপনি ${donations}টি দান করেছেন। ভালো অবস্থায় তোলা খাবারে ${co2} কেজি CO2 বেঁচেছে, আর দান হয়েছে ${meals}টি খাবার ও ${kg} কেজি খাদ্য।`,
  impactVolunteer: (co2, deliveries) =>
    `আপনি ${deliveries}টি ডেলিভারি সম্পূর্ণ করেছেন, আর আপনার পৌঁছে দেওয়া খাবারে ${co2} কেজি CO2 বেঁচেছে।`,
  impactReceiver: (co2, received) =>
    `আপনি ${received}টি ডেলিভারি পেয়েছেন, যাতে ${co2} কেজি CO2 বেঁচেছে।`,
  impactEquivalent: (km) => `এটি ${km} কিমি গাড়ি না চালানোর সমান।`,
  badges: (names) => `আপনার ব্যাজ: ${names}।`,
  noBadges: 'আপনি এখনো কোনো ব্যাজ পাননি; প্রথম দান বা ডেলিভারিতেই "গেটিং স্টার্টেড" ব্যাজ মেলে।',
  badgeNames: {
    getting_started: 'গেটিং স্টার্টেড',
    community_helper: 'কমিউনিটি হেল্পার',
    co2_saver_100: '100 কেজি CO2 সাশ্রয়',
    co2_saver_500: '500 কেজি CO2 সাশ্রয়',
  },
  nextMilestone: (milestone, remaining) =>
    `পরের মাইলফলক: ${milestone} কেজি CO2, আর ${remaining} কেজি বাকি।`,
  allMilestones: 'আপনি CO2-এর সব মাইলফলক পেরিয়ে গেছেন। অসাধারণ!',
  noFeed:
    'দাতার অ্যাকাউন্টে পাওয়া যাচ্ছে এমন দানের তালিকা থাকে না। চাইলে আপনার নিজের দান নিয়ে জিজ্ঞেস করুন।',
  noLocation:
    'আপনার প্রোফাইলে এখনো অবস্থান নেই, তাই এগুলো যেকোনো জায়গার সবচেয়ে নতুন দান। সবচেয়ে কাছের দান দেখতে প্রোফাইলে আপনার অবস্থান যোগ করুন।',
  nearbyNone: (radius) => `এই মুহূর্তে ${radius} কিমির মধ্যে কোনো দান নেই। একটু পরে আবার দেখুন।`,
  nearbyHeader: (count, radius) => `${radius} কিমির মধ্যে ${count}টি দান পাওয়া যাচ্ছে:`,
  distance: (km) => `${km} কিমি দূরে`,
  nothingOpen(audience) {
    if (audience === 'donor')
      return 'এখন আপনার করার মতো কিছু বাকি নেই। খাবার বাঁচলে যেকোনো সময় নতুন দান পোস্ট করুন।';
    if (audience === 'volunteer')
      return 'আপনার কোনো পিকআপ বাকি নেই। কাছের কোনো দান গ্র্যাব করতে "দান" পাতা খুলুন।';
    return 'আপনার কোনো অনুরোধ বা ডেলিভারি বাকি নেই। কাছের খাবারের অনুরোধ করতে "দান" পাতা খুলুন।';
  },
  nextHeader: 'এগুলোতে আপনার মনোযোগ দরকার:',
  next(step) {
    const food = `"${step.foodType}"`;
    switch (step.kind) {
      case 'decide_requests':
        return `${food}: ${step.count}টি অনুরোধ আপনার গ্রহণ বা প্রত্যাখ্যানের অপেক্ষায়।`;
      case 'await_request':
        return `${food}: অনুরোধ বা স্বেচ্ছাসেবকের অপেক্ষায়; ${step.expiresIn}।`;
      case 'volunteer_coming':
        return `${food}: স্বেচ্ছাসেবক পথে আছেন; খাবার তৈরি রাখুন।`;
      case 'self_deliver':
        return `${food}: আপনি নিজে পৌঁছে দেওয়া বেছেছেন; এটি ${step.place}-এ নিয়ে যান।`;
      case 'collect':
        return `${food}: ${step.place} থেকে তুলুন, তারপর মান ও গন্তব্য নথিভুক্ত করুন।`;
      case 'deliver':
        return `${food}: ${step.place}-এ পৌঁছে দিয়ে "পৌঁছে দেওয়া হয়েছে" চাপুন।`;
      case 'await_donor':
        return `${food}: আপনার অনুরোধ দাতার উত্তরের অপেক্ষায়।`;
      case 'accept_delivery':
        return `${food}: আপনার কাছে ডেলিভারি আসছে; গ্রহণ করুন, যাতে স্বেচ্ছাসেবক জানেন আপনি অপেক্ষা করছেন।`;
      case 'confirm_receipt':
        return `${food}: খাবার পথে আছে; পৌঁছালে "প্রাপ্তি নিশ্চিত করুন" চাপুন।`;
      case 'await_delivery':
        return `${food}: গৃহীত; খাবার তোলার অপেক্ষায়।`;
    }
  },
};
