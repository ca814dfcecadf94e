import type { Phrases } from '../../engine/phrases.js';

/** Hindi sentences around the user's own figures, lists and small talk. */
export const hiPhrases: Phrases = {
  greeting:
    'नमस्ते! मैं अन्नसेतु सहायक हूँ। मुझसे भोजन दान करने या पाने का तरीका, खाद्य सुरक्षा, टोकन और CO2, या अपने दान और अनुरोधों के बारे में पूछें।',
  thanks: 'आपका स्वागत है! भोजन दान के बारे में कुछ और पूछना हो तो कभी भी पूछें।',
  capabilities:
    'मैं बता सकता हूँ कि अन्नसेतु दाताओं, प्राप्तकर्ताओं और स्वयंसेवकों के लिए कैसे काम करता है, बचे भोजन के खाद्य सुरक्षा नियम समझा सकता हूँ, और टोकन, CO2, बैज व माइलस्टोन के बारे में बता सकता हूँ। मैं आपके अपने दान, अनुरोध, टोकन और प्रभाव, आपके आसपास के दान, और आगे क्या करना है, यह भी देख सकता हूँ।',
  refusal:
    'मैं केवल आपके अपने खाते की जानकारी दे सकता हूँ, किसी दूसरे उपयोगकर्ता का डेटा कभी नहीं। चाहें तो मैं आपके अपने दान, अनुरोध, टोकन या प्रभाव दिखा सकता हूँ।',
  clarify: 'आप इनमें से क्या पूछना चाहते हैं?',
  unsure: 'माफ़ कीजिए, मैं ठीक से समझ नहीं पाया। आप मुझसे ऐसे सवाल पूछ सकते हैं:',
  donationStatus: {
    pending: 'पिकअप के इंतज़ार में',
    accepted: 'स्वीकृत',
    rejected: 'खाने लायक नहीं',
    completed: 'पूरा हुआ',
    expired: 'समाप्त',
  },
  requestStatus: {
    pending: 'लंबित',
    accepted: 'स्वीकृत',
    rejected: 'अस्वीकृत',
    fulfilled: 'पूरा हुआ',
    collected: 'एकत्रित',
    cancelled: 'रद्द',
  },
  quantity(n, unit) {
    const names = { meals: 'भोजन', kg: 'किलो', liters: 'लीटर', packs: 'पैकेट' };
    return `${n} ${names[unit]}`;
  },
  expires: (relative) => `समय-सीमा ${relative}`,
  carriedBy: (name) => `${name} उठा रहे हैं`,
  notDonor: 'आपका खाता दाता खाता नहीं है, इसलिए आपके अपने कोई दान नहीं हैं। चाहें तो अपने अनुरोधों के बारे में पूछें।',
  noDonations: 'आपने अभी तक कोई दान पोस्ट नहीं किया है। "दान" पेज खोलें और फ़ॉर्म भरकर पहला दान पोस्ट करें।',
  noDonationsWithStatus: (status) => `आपका कोई भी दान "${status}" स्थिति में नहीं है।`,
  donationsSummary: (total, breakdown) =>
    total === 1
      ? `आपने 1 दान पोस्ट किया है (${breakdown})।`
      : `आपने ${total} दान पोस्ट किए हैं (${breakdown})।`,
  donationsWithStatus: (count, status) =>
    count === 1 ? `आपका 1 दान "${status}" स्थिति में है।` : `आपके ${count} दान "${status}" स्थिति में हैं।`,
  latest: 'सबसे नए:',
  noRequests: 'आपके अभी तक कोई अनुरोध या डिलीवरी नहीं हैं।',
  noRequestsWithStatus: (status) => `आपका कोई भी अनुरोध "${status}" स्थिति में नहीं है।`,
  requestsSummary: (total, breakdown) =>
    total === 1 ? `आप 1 अनुरोध से जुड़े हैं (${breakdown})।` : `आप ${total} अनुरोधों से जुड़े हैं (${breakdown})।`,
  requestSide: {
    requester: 'आपका अनुरोध',
    donor: 'आपके दान पर अनुरोध',
    volunteer: 'आपका पिकअप',
    destination: 'आपके लिए डिलीवरी',
  },
  tokens(count, audience) {
    const balance = count === 1 ? 'आपके पास 1 टोकन है।' : `आपके पास ${count} टोकन हैं।`;
    if (audience === 'donor')
      return `${balance} जब भी स्वयंसेवक आपका कोई दान अच्छी हालत में उठाएगा, आपको 10 टोकन और मिलेंगे।`;
    if (audience === 'volunteer') return `${balance} हर पूरी डिलीवरी पर आपको 5 टोकन और मिलेंगे।`;
    return `${balance} टोकन दाताओं (हर अच्छे संग्रह पर 10) और स्वयंसेवकों (हर पूरी डिलीवरी पर 5) को मिलते हैं।`;
  },
  impactDonor: (co2, meals, kg, donations) =>
    `आपने ${donations} ${donations === 1 ? 'दान किया है' : 'दान किए हैं'}। अच्छी हालत में उठाए गए भोजन से ${co2} किलो CO2 बची है, और ${meals} भोजन व ${kg} किलो खाना दान हुआ है।`,
  impactVolunteer: (co2, deliveries) =>
    `आपने ${deliveries} डिलीवरी पूरी ${deliveries === 1 ? 'की है' : 'की हैं'}, और आपके पहुँचाए भोजन से ${co2} किलो CO2 बची है।`,
  impactReceiver: (co2, received) =>
    `आपको ${received} डिलीवरी ${received === 1 ? 'मिली है' : 'मिली हैं'}, जिनसे ${co2} किलो CO2 बची है।`,
  impactEquivalent: (km) => `यह ${km} किमी तक कार न चलाने के बराबर है।`,
  badges: (names) => `आपके बैज: ${names}।`,
  noBadges: 'आपने अभी कोई बैज नहीं कमाया है; पहले दान या डिलीवरी पर "गेटिंग स्टार्टेड" बैज मिलता है।',
  badgeNames: {
    getting_started: 'गेटिंग स्टार्टेड',
    community_helper: 'कम्युनिटी हेल्पर',
    co2_saver_100: '100 किलो CO2 बचत',
    co2_saver_500: '500 किलो CO2 बचत',
  },
  nextMilestone: (milestone, remaining) =>
    `अगला माइलस्टोन: ${milestone} किलो CO2, अभी ${remaining} किलो बाकी।`,
  allMilestones: 'आपने CO2 के सभी माइलस्टोन पार कर लिए हैं। शानदार!',
  noFeed: 'दाता खातों के लिए उपलब्ध दानों की सूची नहीं होती। चाहें तो अपने दानों के बारे में पूछें।',
  noLocation:
    'आपकी प्रोफ़ाइल में अभी स्थान नहीं है, इसलिए ये कहीं के भी सबसे नए दान हैं। सबसे नज़दीकी दान देखने के लिए प्रोफ़ाइल में अपना स्थान जोड़ें।',
  nearbyNone: (radius) => `अभी ${radius} किमी के भीतर कोई दान उपलब्ध नहीं है। थोड़ी देर बाद फिर देखें।`,
  nearbyHeader: (count, radius) =>
    `${radius} किमी के भीतर ${count} दान ${count === 1 ? 'उपलब्ध है' : 'उपलब्ध हैं'}:`,
  distance: (km) => `${km} किमी दूर`,
  nothingOpen(audience) {
    if (audience === 'donor')
      return 'अभी आपके ध्यान देने लायक कुछ नहीं है। जब भी भोजन बचे, नया दान पोस्ट करें।';
    if (audience === 'volunteer')
      return 'आपका कोई पिकअप बाकी नहीं है। अपने आसपास कोई दान ग्रैब करने के लिए "दान" पेज खोलें।';
    return 'आपका कोई अनुरोध या डिलीवरी बाकी नहीं है। आसपास भोजन का अनुरोध करने के लिए "दान" पेज खोलें।';
  },
  nextHeader: 'इन पर आपका ध्यान चाहिए:',
  next(step) {
    const food = `"${step.foodType}"`;
    switch (step.kind) {
      case 'decide_requests':
        return `${food}: ${step.count} अनुरोध आपके स्वीकार या अस्वीकार करने का इंतज़ार कर रहे हैं।`;
      case 'await_request':
        return `${food}: किसी अनुरोध या स्वयंसेवक का इंतज़ार है; ${step.expiresIn}।`;
      case 'volunteer_coming':
        return `${food}: स्वयंसेवक रास्ते में है; भोजन तैयार रखें।`;
      case 'self_deliver':
        return `${food}: आपने ख़ुद पहुँचाना चुना है; इसे ${step.place} तक ले जाएँ।`;
      case 'collect':
        return `${food}: इसे ${step.place} से उठाएँ, फिर गुणवत्ता और गंतव्य दर्ज करें।`;
      case 'deliver':
        return `${food}: इसे ${step.place} तक पहुँचाएँ और "डिलीवर हो गया" दबाएँ।`;
      case 'await_donor':
        return `${food}: आपका अनुरोध दाता के जवाब का इंतज़ार कर रहा है।`;
      case 'accept_delivery':
        return `${food}: आपके लिए डिलीवरी आ रही है; उसे स्वीकार करें ताकि स्वयंसेवक जाने कि आप इंतज़ार कर रहे हैं।`;
      case 'confirm_receipt':
        return `${food}: भोजन रास्ते में है; पहुँचने पर "प्राप्ति की पुष्टि करें" दबाएँ।`;
      case 'await_delivery':
        return `${food}: स्वीकृत; भोजन उठाए जाने का इंतज़ार है।`;
    }
  },
};
