import type { AnswerPack } from '../engine/phrases.js';
import type { QuestionPack } from '../engine/types.js';

/** English: questions the assistant recognises and the words its rules look for. */
export const enQuestions: QuestionPack = {
  lang: 'en',
  knowledge: {
    about: [
      'What is AnnaSetu?',
      'How does this platform work?',
      'What does this app do?',
      'Tell me about AnnaSetu',
    ],
    how_to_donate: [
      'How do I donate food?',
      'How can I post a donation?',
      'I have leftover food, how do I give it away?',
      'Steps to create a donation',
    ],
    how_to_request: [
      'How do I request food?',
      'How can a food bank get food?',
      'How do I ask for a donation?',
      'Our NGO needs food, how do we receive it?',
    ],
    accept_requests: [
      'How do I accept a request for my donation?',
      'Someone requested my food, what now?',
      'Can I decline a request?',
    ],
    volunteer_grab: [
      'How do I grab a donation as a volunteer?',
      'How can I volunteer to pick up food?',
      'What does the Grab button do?',
      'How do volunteers choose a pickup?',
    ],
    volunteer_collect: [
      'How do I record a collection?',
      'What do I do when I pick up the food?',
      'How do I check food quality and choose a destination?',
      'Where should collected food go?',
    ],
    volunteer_deliver: [
      'How do I complete a delivery?',
      'How do I mark food as delivered?',
      'What happens after I deliver the food?',
    ],
    receiver_confirm: [
      'How do I confirm that food was received?',
      'How do I accept an incoming delivery?',
      'Food arrived at our food bank, what should we do in the app?',
    ],
    release_donation: [
      'I grabbed a donation but cannot go, what do I do?',
      'How do I release a donation?',
      'Can I cancel a pickup?',
      'How do I give back a pickup?',
      "I can't make it to a pickup I grabbed",
    ],
    self_delivery: [
      'Can I deliver the food myself?',
      'How does self delivery work?',
      'I want to drop off the food personally',
    ],
    delete_donation: [
      'How do I delete a donation?',
      'Can I remove a donation I posted?',
      'How to cancel my donation?',
    ],
    expiry: [
      'When does a donation expire?',
      'What is the expiry time?',
      'What happens if nobody picks up my donation?',
      'How long does a donation stay listed?',
    ],
    roles: [
      'What are the user roles?',
      'Who can use this platform?',
      'What is the difference between donor, receiver and volunteer?',
      'Which account type should I choose?',
    ],
    nursery_poultry: [
      'What do nurseries and poultry farms receive?',
      'How does a poultry farmer use the app?',
      'What is the nursery role for?',
    ],
    tokens: [
      'How do tokens work?',
      'How can I earn tokens?',
      'How many tokens do donors and volunteers get?',
      'What are reward tokens?',
    ],
    co2: [
      'How is CO2 saved calculated?',
      'How much carbon does one meal save?',
      'What are the CO2 factors?',
      'How does food donation reduce emissions?',
    ],
    meals: [
      'How are meals counted?',
      'What does meals donated mean?',
      'How many meals feed a family?',
    ],
    badges: [
      'What badges can I earn?',
      'How do badges work?',
      'What is the Community Helper badge?',
    ],
    milestones: [
      'What are the CO2 milestones?',
      'What is the milestone bar?',
      'What is the weekly target?',
    ],
    analytics: [
      'What does the analytics page show?',
      'How do I download my impact report as PDF?',
      'Where can I see statistics?',
    ],
    languages: [
      'Which languages are supported?',
      'How do I change the language?',
      'Can I use the app in Hindi?',
      'Do you speak Tamil?',
    ],
    notifications: [
      'How do notifications work?',
      'How do I turn on push notifications?',
      'Why am I not getting alerts on my phone?',
    ],
    map_nearby: [
      'How do I see donations on the map?',
      'How does the nearby radius work?',
      'How do I change my location?',
      'How far away are donations shown?',
    ],
    profile: [
      'How do I edit my profile?',
      'How do I change my phone number or address?',
      'How do I get the verified badge?',
    ],
    statuses: [
      'What do the donation statuses mean?',
      'What does pending mean?',
      'What is the difference between collected and fulfilled?',
    ],
    fssai_regulations: [
      'What are the FSSAI rules for donating surplus food?',
      'Is food donation legal in India?',
      'What does the FSSAI surplus food regulation 2019 say?',
      'Do we need FSSAI registration to donate food?',
    ],
    save_food_share_food: [
      'What is Save Food Share Food?',
      'What is the FSSAI initiative against food waste?',
    ],
    temperature_holding: [
      'At what temperature should donated food be kept?',
      'How hot should cooked food be kept?',
      'How cold should food be stored?',
      'How long can food be kept before eating?',
    ],
    reheating: [
      'How should food be reheated?',
      'Can donated food be reheated twice?',
      'What temperature should reheated food reach?',
    ],
    room_temperature: [
      'Can I donate food that has been sitting out?',
      'How long can cooked food stay at room temperature?',
      'Food was left out for three hours, can I donate it?',
    ],
    unfit_food: [
      'What happens to spoiled food?',
      'Where does food not fit for people go?',
      'Can stale food be given to poultry?',
      'Where should spoiled food be sent?',
    ],
    packaging_labelling: [
      'How should I pack donated food?',
      'What should the label on donated food say?',
      'Do I need to mention allergens?',
      'What information goes on the label?',
    ],
    what_to_donate: [
      'What food can I donate?',
      'What food should not be donated?',
      'Can I donate plate leftovers?',
      'Can I donate packaged food past its expiry date?',
    ],
    transport_safety: [
      'How should food be transported safely?',
      'How do I carry food on a bike or in a car?',
      'Tips for volunteers carrying food',
    ],
    hygiene: [
      'What hygiene rules should I follow when handling food?',
      'Do I need to wash hands before packing food?',
      'Can I handle food when I am sick?',
    ],
  },
  intents: {
    my_donations: [
      'Show my donations',
      'What is the status of my donation?',
      'List my donations',
      'Has my food been picked up?',
    ],
    my_requests: [
      'Show my requests',
      'What is the status of my request?',
      'Was my request accepted?',
      'Show my pickups and deliveries',
    ],
    my_tokens: ['How many tokens do I have?', 'What is my token balance?', 'My tokens'],
    my_impact: [
      'What is my impact?',
      'How much CO2 have I saved?',
      'Which badges have I earned?',
      'How many meals have I donated?',
    ],
    nearby_donations: [
      'Show donations near me',
      'Is there any food available nearby?',
      'What donations are close to me?',
    ],
    next_steps: [
      'What should I do next?',
      'What are my pending tasks?',
      'Do I have anything to do?',
    ],
    greeting: ['Hello', 'Hi', 'Good morning', 'Namaste'],
    thanks: ['Thank you', 'Thanks a lot', 'Great, thanks'],
    capabilities: ['What can you do?', 'Help', 'What can I ask you?', 'How can you help me?'],
  },
  lexicon: {
    possessive: ['my', 'mine', 'our', 'ours'],
    subject: ['i', "i've", 'im', "i'm", 'me', 'myself', 'we', 'us'],
    ask: [
      'how many',
      'how much',
      'status',
      'show',
      'list',
      'which',
      'what are',
      'what is',
      'any',
      'is there',
      'are there',
      'has',
      'have i',
      'did',
      'was',
      'were',
      'balance',
    ],
    general: [
      'how do',
      'how to',
      'how can',
      'how should',
      'how does',
      'how is',
      'how are',
      'steps',
      'earn*',
      'get',
      'per',
      'each',
      'every',
      'calculat*',
      'work',
      'works',
      'mean',
      'means',
      'why',
      'download*',
      'pdf',
    ],
    greeting: [
      'hello',
      'hi',
      'hey',
      'namaste',
      'namaskar',
      'good morning',
      'good evening',
      'good afternoon',
    ],
    thanks: ['thanks', 'thank you', 'thank', 'thx', 'great', 'ok', 'okay'],
    otherUser: [
      'another user',
      'other user',
      'other users',
      'another account',
      'other account',
      'all users',
      'every user',
      'everyone',
      'someone else',
      'somebody else',
      'his',
      'her',
      'their',
      'user id',
      'userid',
      'of user',
      'admin password',
      'emails of',
      'phone numbers of',
    ],
    override: [
      'ignore previous',
      'ignore all',
      'ignore your',
      'ignore the above',
      'disregard',
      'system prompt',
      'you are now',
      'pretend',
      'act as',
      'jailbreak',
      'developer mode',
      'sudo',
    ],
    topics: {
      donations: ['donation*', 'donated', 'listing*'],
      requests: ['request*', 'pickup*', 'pick up*', 'deliver*', 'collection*'],
      tokens: ['token*', 'points', 'reward*'],
      impact: ['impact', 'co2', 'carbon', 'badge*', 'milestone*', 'meals', 'stats', 'statistics'],
      nearby: ['near me', 'nearby', 'near by', 'around me', 'close to me', 'closest', 'nearest'],
      next: ['next', 'to do', 'todo', 'pending tasks', 'tasks', 'open items', 'anything to do'],
    },
    status: {
      pending: ['pending', 'waiting', 'open'],
      accepted: ['accepted', 'approved'],
      completed: ['completed', 'complete', 'done'],
      rejected: ['rejected', 'declined'],
      expired: ['expired'],
      collected: ['collected', 'picked up'],
      fulfilled: ['fulfilled', 'delivered'],
      cancelled: ['cancelled', 'canceled'],
    },
    km: ['km', 'kms', 'kilometre*', 'kilometer*'],
  },
};

const en = new Intl.PluralRules('en');

/** English answers and phrases. */
export const enAnswers: AnswerPack = {
  answers: {
    about:
      'AnnaSetu connects people who have surplus food with people who need it. Restaurants, messes and individuals post food they can give; food banks and NGOs request it; volunteers pick it up and deliver it. Food that is no longer fit for people goes to nurseries and poultry farms instead of a landfill.',
    how_to_donate:
      'Sign in as a restaurant, mess or individual and open Donations. Fill in the form: what the food is, the cuisine, veg or non-veg, the quantity and unit (meals, kg, liters or packs), when it was prepared, the pickup address and how many hours it stays good (6 by default). Choose whether a volunteer should pick it up or you will deliver it yourself, then post it. Food banks and volunteers nearby can see it right away.',
    how_to_request:
      'Food banks, NGOs, nurseries, poultry farms and individuals can request food. Open Donations to see what is available near you, as a list or on the map, and press Request on the donation you want. The donor accepts or declines your request, and you are notified either way.',
    accept_requests:
      'When someone requests your donation, you get a notification and the request appears on your Requests page. Accept it or decline it there. Accepting one request marks the donation accepted and declines the other pending requests on it; everyone is told.',
    volunteer_grab:
      'As a volunteer, open Donations to see food waiting for a pickup, as a list or on the map. Press Grab on a donation you can collect: it becomes your job and the donor is told that a volunteer is on the way. If several volunteers grab the same donation at once, only the first one gets it.',
    volunteer_collect:
      'When you pick up the food, record the collection: check its quality, choose the destination and add notes or a photo. Good food goes to a food bank; food that is not fit for people goes to a nursery or a poultry farm. The destination’s address and phone are then shown to you, and the donor earns 10 tokens when the food was good.',
    volunteer_deliver:
      'After collecting, take the food to the destination shown to you and press Mark delivered when you hand it over. The delivery is then fulfilled, you earn 5 tokens, and the donor and the destination are notified. The destination can also confirm receipt itself.',
    receiver_confirm:
      'Food on its way to you appears under incoming deliveries on the Requests page. Accept the delivery so the volunteer knows you expect it, and press Confirm receipt once the food has arrived. Confirming completes the delivery and tells the donor and the volunteer.',
    release_donation:
      'If you grabbed a donation but cannot go, release it from your Requests page before you collect it; you can add a reason. The donation goes back to the list for other volunteers and the donor is told. Releasing early is far better than not turning up.',
    self_delivery:
      'Yes. On the donation form choose to deliver it yourself, then pick the destination: a food bank, or a nursery or poultry farm for food not fit for people. The request is created already accepted; the destination accepts the delivery and confirms receipt when the food arrives.',
    delete_donation:
      'You can delete your own donation as long as nobody has collected it: open it in your donations list, choose Delete and confirm. Any open requests on it are cancelled and the people who made them are told.',
    expiry:
      'Every donation has an expiry time: the hours you enter on the form (6 by default, up to 72). If nobody has taken the donation by then, it becomes expired, disappears from every list, and you are notified. Set a realistic time: cooked food at room temperature stays safe only for a short while.',
    roles:
      'There are three kinds of users. Donors (restaurants, messes or canteens, and individuals) post surplus food. Receivers take it: food banks and NGOs take food fit for people, nurseries and poultry farmers take food that is not. Volunteers pick food up and deliver it. Individuals can also request food.',
    nursery_poultry:
      'Nurseries and poultry farms receive food that is no longer fit for people, so it becomes compost or feed instead of waste. When a volunteer records collected food as bad quality, it is sent to a nursery or poultry farm. Nursery and poultry users see these incoming deliveries on their own dashboard, accept them and confirm receipt.',
    tokens:
      'Tokens reward good work. A donor earns 10 tokens each time a volunteer collects their donation in good condition. A volunteer earns 5 tokens for each completed delivery, once per delivery. Food recorded as bad quality earns no tokens. Your balance is shown on your dashboard and profile.',
    co2: 'CO2 saved counts only food collected in good condition. Each meal saves 1.3 kg of CO2, and each kg, liter or pack saves 2.5 kg. For example, 20 meals save 26 kg of CO2. We also show it as kilometres of car driving avoided, at 251 g of CO2 per km.',
    meals:
      'Meals donated adds up the quantity of donations given in meals, once they are collected in good condition; donations measured in kg count towards kg donated instead. Twelve meals feed a family for a day, so 120 meals feed a family for ten days.',
    badges:
      'The Analytics page shows four badges: Getting Started for your first donation or delivery, Community Helper at 10 or more, and two CO2 badges for saving 100 kg and 500 kg of CO2.',
    milestones:
      'The CO2 milestone bar on the Analytics page shows how close you are to the next milestone: 10, 25, 50, 100, 250, 500, 1,000, 2,500 and 5,000 kg of CO2 saved. A weekly target bar also counts your actions: 3 a week, or 5 for volunteers.',
    analytics:
      'The Analytics page shows platform figures and your personal impact for the last 7, 30 or 90 days or for all time, with trends, recent activity, badges and milestones. You can download the report as a PDF.',
    languages:
      "The app and this assistant speak eight languages: English, Hindi, Punjabi, Bengali, Telugu, Kannada, Tamil and Marathi. Change the app's language with the language selector in the menu, and choose the language I answer in above the chat.",
    notifications:
      'You are notified when someone requests your food, when your request is accepted or declined, when a volunteer is on the way and when food is delivered. Notifications appear under the bell and on the Notifications page. To get them on your phone even when the app is closed, turn on push notifications in your profile and allow them in the browser.',
    map_nearby:
      'Available donations can be shown as a list or on a map. You see donations within 10 km of the location in your profile by default, each with its distance, and you can widen the radius up to 100 km. If the distances look wrong, update your location in your profile.',
    profile:
      'Open Profile to change your name, phone number, address and location; your own figures are shown there too. Verified organisations carry a verified badge, which the platform team grants after checking the account.',
    statuses:
      'A donation is pending until a request is accepted or a volunteer grabs it; then it is accepted. It becomes completed when collected in good condition, rejected when the food was not fit for people, or expired when its time ran out. A request goes from pending to accepted, then collected, and fulfilled once the food arrives; it can also be rejected or cancelled.',
    fssai_regulations:
      'In India, food donation is governed by the FSSAI Food Safety and Standards (Recovery and Distribution of Surplus Food) Regulations, 2019. Donors may give only food that is safe and within its shelf life, stored and packed hygienically, and organisations that collect and distribute surplus food must be registered with FSSAI and follow its hygiene practices. The rules encourage donation as long as food safety is respected.',
    save_food_share_food:
      'Save Food Share Food is an FSSAI initiative against food waste. It connects food businesses, caterers and households that have surplus food with food recovery organisations that distribute it to people in need, and promotes safe handling along the way. AnnaSetu works in the same spirit.',
    temperature_holding:
      'Keep hot food at 60 °C or above and cold food at 5 °C or below until it is handed over. Food that has been kept outside these temperatures should be eaten within 4 hours. Use insulated boxes or ice packs while carrying it.',
    reheating:
      'Reheat cooked food only once, until it is steaming hot all the way through: at least 70 °C in the centre. Do not reheat it a second time, and do not cool and reheat it again and again.',
    room_temperature:
      'No: cooked food that has been left at room temperature for more than 2 hours should not be donated, because bacteria multiply fast between 5 °C and 60 °C. Donate cooked food soon after it is made, or keep it hot or chilled until the pickup.',
    unfit_food:
      'Food that is not fit for people (spoiled, left out too long or past its use-by date) must never go to a food bank. Label it clearly “Not for human consumption” and send it to a nursery for compost or a poultry farm for feed. Volunteers record such food as bad quality so that it is routed there.',
    packaging_labelling:
      'Pack food in clean, covered, food-grade containers and keep veg and non-veg apart. Label each pack with the dish, veg or non-veg, the time it was cooked and when it should be eaten by, and mention common allergens such as nuts, milk or gluten.',
    what_to_donate:
      'Good to donate: freshly cooked food that was never served, sealed packaged food within its date, and raw grains, pulses, fruit and vegetables in good condition. Do not donate plate leftovers, food left out for more than 2 hours, food that smells or looks off, or packaged food past its expiry date.',
    transport_safety:
      'Carry food in clean, closed containers inside an insulated box, with hot and cold items apart, and go straight to the destination. Keep the trip short, since the food should be eaten within 4 hours, and keep it away from fuel, chemicals and dirt.',
    hygiene:
      'Wash your hands with soap before handling food, wear clean clothes and cover your hair, and use clean utensils and containers. Do not handle food when you are ill, and keep raw and cooked food apart.',
  },
  phrases: {
    greeting:
      'Hello! I am the AnnaSetu assistant. Ask me how to donate or receive food, about food safety, tokens and CO2, or about your own donations and requests.',
    thanks: 'You are welcome! Ask me anything else about food donation whenever you like.',
    capabilities:
      'I can explain how AnnaSetu works for donors, receivers and volunteers, share food-safety rules for surplus food, and tell you about tokens, CO2, badges and milestones. I can also look up your own donations, requests, tokens and impact, donations near you, and what to do next.',
    refusal:
      'I can only share information from your own account, never another user’s data. I can show you your own donations, requests, tokens or impact instead.',
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
      count === 1
        ? `1 of your donations is ${status}.`
        : `${count} of your donations are ${status}.`,
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
  },
};
