import type { Phrases } from '../../engine/phrases.js';

/** Marathi sentences around the user's own figures, lists and small talk. */
export const mrPhrases: Phrases = {
  greeting:
    'नमस्कार! मी अन्नसेतु सहाय्यक आहे. अन्न दान करण्याबद्दल किंवा मिळवण्याबद्दल, अन्न सुरक्षा, टोकन आणि CO2 बद्दल, किंवा तुमच्या दानांबद्दल आणि विनंत्यांबद्दल मला विचारा.',
  thanks: 'आपले स्वागत आहे! अन्नदानाबद्दल आणखी काही विचारायचे असेल तर केव्हाही विचारा.',
  capabilities:
    'अन्नसेतु दाते, प्राप्तकर्ते आणि स्वयंसेवकांसाठी कसा काम करतो हे मी सांगू शकतो, उरलेल्या अन्नाचे अन्न सुरक्षा नियम समजावू शकतो, आणि टोकन, CO2, बॅज व टप्प्यांबद्दल सांगू शकतो. तुमची स्वतःची दाने, विनंत्या, टोकन आणि प्रभाव, तुमच्या जवळची दाने आणि पुढे काय करायचे, हेही मी पाहू शकतो.',
  refusal:
    'मी फक्त तुमच्या स्वतःच्या खात्याची माहिती देऊ शकतो, दुसऱ्या वापरकर्त्याची माहिती कधीच नाही. हवे तर मी तुमची स्वतःची दाने, विनंत्या, टोकन किंवा प्रभाव दाखवू शकतो.',
  clarify: 'तुम्हाला यापैकी काय विचारायचे आहे?',
  unsure: 'माफ करा, मला नीट समजले नाही. तुम्ही मला असे प्रश्न विचारू शकता:',
  donationStatus: {
    pending: 'पिकअपच्या प्रतीक्षेत',
    accepted: 'स्वीकृत',
    rejected: 'खाण्यायोग्य नाही',
    completed: 'पूर्ण',
    expired: 'मुदत संपलेली',
  },
  requestStatus: {
    pending: 'प्रलंबित',
    accepted: 'स्वीकृत',
    rejected: 'नाकारलेली',
    fulfilled: 'पूर्ण',
    collected: 'उचललेली',
    cancelled: 'रद्द',
  },
  quantity(n, unit) {
    const names = { meals: 'जेवणे', kg: 'किलो', liters: 'लिटर', packs: 'पाकिटे' };
    return `${n} ${names[unit]}`;
  },
  expires: (relative) => `मुदत ${relative} संपेल`,
  carriedBy: (name) => `${name} उचलत आहेत`,
  notDonor: 'तुमचे खाते दाता खाते नाही, त्यामुळे तुमची स्वतःची दाने नाहीत. हवे तर तुमच्या विनंत्यांबद्दल विचारा.',
  noDonations: 'तुम्ही अजून एकही दान पोस्ट केलेले नाही. "दान" पान उघडा आणि फॉर्म भरून पहिले दान पोस्ट करा.',
  noDonationsWithStatus: (status) => `तुमचे कोणतेही दान "${status}" स्थितीत नाही.`,
  donationsSummary: (total, breakdown) =>
    total === 1
      ? `तुम्ही 1 दान पोस्ट केले आहे (${breakdown}).`
      : `तुम्ही ${total} दाने पोस्ट केली आहेत (${breakdown}).`,
  donationsWithStatus: (count, status) =>
    count === 1 ? `तुमचे 1 दान "${status}" स्थितीत आहे.` : `तुमची ${count} दाने "${status}" स्थितीत आहेत.`,
  latest: 'सर्वात नवीन:',
  noRequests: 'तुमच्या अजून कोणत्याही विनंत्या किंवा डिलिव्हरी नाहीत.',
  noRequestsWithStatus: (status) => `तुमची कोणतीही विनंती "${status}" स्थितीत नाही.`,
  requestsSummary: (total, breakdown) =>
    total === 1
      ? `तुम्ही 1 विनंतीशी जोडलेले आहात (${breakdown}).`
      : `तुम्ही ${total} विनंत्यांशी जोडलेले आहात (${breakdown}).`,
  requestSide: {
    requester: 'तुमची विनंती',
    donor: 'तुमच्या दानावरची विनंती',
    volunteer: 'तुमचा पिकअप',
    destination: 'तुमच्यासाठी डिलिव्हरी',
  },
  tokens(count, audience) {
    const balance = count === 1 ? 'तुमच्याकडे 1 टोकन आहे.' : `तुमच्याकडे ${count} टोकन आहेत.`;
    if (audience === 'donor')
      return `${balance} स्वयंसेवक तुमचे एखादे दान चांगल्या स्थितीत उचलेल तेव्हा तुम्हाला आणखी 10 टोकन मिळतील.`;
    if (audience === 'volunteer')
      return `${balance} प्रत्येक पूर्ण डिलिव्हरीसाठी तुम्हाला आणखी 5 टोकन मिळतील.`;
    return `${balance} टोकन दात्यांना (प्रत्येक चांगल्या संकलनासाठी 10) आणि स्वयंसेवकांना (प्रत्येक पूर्ण डिलिव्हरीसाठी 5) मिळतात.`;
  },
  impactDonor: (co2, meals, kg, donations) =>
    `तुम्ही ${donations} ${donations === 1 ? 'दान केले आहे' : 'दाने केली आहेत'}. चांगल्या स्थितीत उचललेल्या अन्नामुळे ${co2} किलो CO2 वाचला आहे, आणि ${meals} जेवणे व ${kg} किलो अन्न दान झाले आहे.`,
  impactVolunteer: (co2, deliveries) =>
    `तुम्ही ${deliveries} डिलिव्हरी पूर्ण ${deliveries === 1 ? 'केली आहे' : 'केल्या आहेत'}, आणि तुम्ही पोहोचवलेल्या अन्नामुळे ${co2} किलो CO2 वाचला आहे.`,
  impactReceiver: (co2, received) =>
    `तुम्हाला ${received} डिलिव्हरी ${received === 1 ? 'मिळाली आहे, जिच्यामुळे' : 'मिळाल्या आहेत, ज्यांमुळे'} ${co2} किलो CO2 वाचला आहे.`,
  impactEquivalent: (km) => `हे ${km} किमी कार न चालवण्याइतके आहे.`,
  badges: (names) => `तुमचे बॅज: ${names}.`,
  noBadges: 'तुम्हाला अजून बॅज मिळालेला नाही; पहिल्या दानासाठी किंवा डिलिव्हरीसाठी "गेटिंग स्टार्टेड" बॅज मिळतो.',
  badgeNames: {
    getting_started: 'गेटिंग स्टार्टेड',
    community_helper: 'कम्युनिटी हेल्पर',
    co2_saver_100: '100 किलो CO2 बचत',
    co2_saver_500: '500 किलो CO2 बचत',
  },
  nextMilestone: (milestone, remaining) =>
    `पुढचा टप्पा: ${milestone} किलो CO2, अजून ${remaining} किलो बाकी.`,
  allMilestones: 'तुम्ही CO2 चे सर्व टप्पे पार केले आहेत. अप्रतिम!',
  noFeed: 'दाता खात्यांसाठी उपलब्ध दानांची यादी नसते. हवे तर तुमच्या स्वतःच्या दानांबद्दल विचारा.',
  noLocation:
    'तुमच्या प्रोफाइलमध्ये अजून ठिकाण नाही, त्यामुळे ही कुठलीही सर्वात नवी दाने आहेत. सर्वात जवळची दाने पाहण्यासाठी प्रोफाइलमध्ये तुमचे ठिकाण जोडा.',
  nearbyNone: (radius) => `सध्या ${radius} किमीच्या आत कोणतेही दान उपलब्ध नाही. थोड्या वेळाने पुन्हा पाहा.`,
  nearbyHeader: (count, radius) =>
    count === 1
      ? `${radius} किमीच्या आत 1 दान उपलब्ध आहे:`
      : `${radius} किमीच्या आत ${count} दाने उपलब्ध आहेत:`,
  distance: (km) => `${km} किमी दूर`,
  nothingOpen(audience) {
    if (audience === 'donor')
      return 'सध्या तुमच्याकडून काही करायचे बाकी नाही. अन्न उरेल तेव्हा नवीन दान पोस्ट करा.';
    if (audience === 'volunteer')
      return 'तुमचा कोणताही पिकअप बाकी नाही. जवळचे दान ग्रॅब करण्यासाठी "दान" पान उघडा.';
    return 'तुमच्या कोणत्याही विनंत्या किंवा डिलिव्हरी बाकी नाहीत. जवळच्या अन्नाची विनंती करण्यासाठी "दान" पान उघडा.';
  },
  nextHeader: 'यांच्याकडे तुमचे लक्ष हवे:',
  next(step) {
    const food = `"${step.foodType}"`;
    switch (step.kind) {
      case 'decide_requests':
        return `${food}: ${step.count} विनंत्या तुमच्या स्वीकारण्याची किंवा नाकारण्याची वाट पाहत आहेत.`;
      case 'await_request':
        return `${food}: विनंतीची किंवा स्वयंसेवकाची प्रतीक्षा आहे; ${step.expiresIn}.`;
      case 'volunteer_coming':
        return `${food}: स्वयंसेवक वाटेत आहे; अन्न तयार ठेवा.`;
      case 'self_deliver':
        return `${food}: तुम्ही स्वतः पोहोचवायचे निवडले आहे; ते ${step.place} येथे न्या.`;
      case 'collect':
        return `${food}: ते ${step.place} येथून उचला, मग दर्जा आणि गंतव्य नोंदवा.`;
      case 'deliver':
        return `${food}: ते ${step.place} येथे पोहोचवा आणि "पोहोचवले" दाबा.`;
      case 'await_donor':
        return `${food}: तुमची विनंती दात्याच्या उत्तराची वाट पाहत आहे.`;
      case 'accept_delivery':
        return `${food}: तुमच्यासाठी डिलिव्हरी येत आहे; ती स्वीकारा म्हणजे स्वयंसेवकाला कळेल की तुम्ही वाट पाहत आहात.`;
      case 'confirm_receipt':
        return `${food}: अन्न वाटेत आहे; पोहोचल्यावर "मिळाल्याची पुष्टी करा" दाबा.`;
      case 'await_delivery':
        return `${food}: स्वीकृत; अन्न उचलले जाण्याची प्रतीक्षा आहे.`;
    }
  },
};
