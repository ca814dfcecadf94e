import type { NotificationType, UiLanguage } from '@annasetu/domain';

type Template = { title: string; body: string };

// Push notifications are shown by the phone itself, so the server writes them in the user's
// language. {actor} and {food} come from the notification's data.
const TEMPLATES: Record<UiLanguage, Record<NotificationType, Template>> = {
  en: {
    donation_request: { title: 'New request', body: '{actor} asked for "{food}".' },
    request_accepted: {
      title: 'Request accepted',
      body: '{actor} accepted your request for "{food}".',
    },
    request_rejected: {
      title: 'Request not accepted',
      body: 'Your request for "{food}" was not accepted.',
    },
    request_cancelled: { title: 'Request closed', body: 'Your request for "{food}" is closed.' },
    donation_grabbed: {
      title: 'A volunteer is on the way',
      body: '{actor} will collect "{food}".',
    },
    donation_released: {
      title: 'Volunteer cannot come',
      body: '"{food}" is open to other volunteers again.',
    },
    incoming_delivery: { title: 'Incoming delivery', body: '"{food}" is on its way to you.' },
    delivery_accepted: { title: 'Delivery accepted', body: '{actor} is expecting "{food}".' },
    delivery_completed: {
      title: 'Delivered',
      body: '"{food}" reached its destination. Thank you!',
    },
    donation_expired: {
      title: 'Donation expired',
      body: '"{food}" expired before anyone collected it.',
    },
    donation_deleted: { title: 'Donation withdrawn', body: '"{food}" was withdrawn by the donor.' },
    system: { title: 'AnnaSetu', body: 'There is an update about "{food}".' },
    series_posted: {
      title: 'Recurring donation posted',
      body: '"{food}" was posted again, as scheduled.',
    },
    series_unclaimed: {
      title: 'Keep this recurring donation?',
      body: 'Nobody collected "{food}" the last 3 times. Keep posting it?',
    },
    coverage_alert: {
      title: 'Food nearby needs a volunteer',
      body: 'Nobody has picked up "{food}" yet. Can you collect it?',
    },
    coverage_unclaimed: {
      title: 'Still unclaimed',
      body: 'Nobody has picked up "{food}" yet. Deliver it yourself, give it more time, or withdraw it.',
    },
  },
  hi: {
    donation_request: { title: 'नया अनुरोध', body: '{actor} ने "{food}" माँगा है।' },
    request_accepted: {
      title: 'अनुरोध स्वीकार हुआ',
      body: '{actor} ने "{food}" के लिए आपका अनुरोध स्वीकार कर लिया।',
    },
    request_rejected: {
      title: 'अनुरोध स्वीकार नहीं हुआ',
      body: '"{food}" के लिए आपका अनुरोध स्वीकार नहीं हुआ।',
    },
    request_cancelled: { title: 'अनुरोध बंद', body: '"{food}" के लिए आपका अनुरोध बंद हो गया है।' },
    donation_grabbed: { title: 'स्वयंसेवक आ रहे हैं', body: '{actor} "{food}" लेने आएँगे।' },
    donation_released: {
      title: 'स्वयंसेवक नहीं आ पाएँगे',
      body: '"{food}" फिर से दूसरे स्वयंसेवकों के लिए उपलब्ध है।',
    },
    incoming_delivery: { title: 'डिलीवरी आ रही है', body: '"{food}" आपके पास पहुँच रहा है।' },
    delivery_accepted: { title: 'डिलीवरी स्वीकार हुई', body: '{actor} "{food}" की प्रतीक्षा कर रहे हैं।' },
    delivery_completed: { title: 'पहुँच गया', body: '"{food}" अपनी मंज़िल तक पहुँच गया। धन्यवाद!' },
    donation_expired: {
      title: 'दान की अवधि समाप्त',
      body: '"{food}" किसी के लेने से पहले ही समाप्त हो गया।',
    },
    donation_deleted: { title: 'दान वापस लिया गया', body: 'दानदाता ने "{food}" वापस ले लिया।' },
    system: { title: 'अन्नसेतु', body: '"{food}" के बारे में नई जानकारी है।' },
    series_posted: { title: 'नियमित दान पोस्ट हुआ', body: '"{food}" तय समय पर फिर से पोस्ट हो गया।' },
    series_unclaimed: {
      title: 'क्या यह नियमित दान जारी रखें?',
      body: 'पिछली 3 बार किसी ने "{food}" नहीं लिया। क्या इसे पोस्ट करते रहें?',
    },
    coverage_alert: {
      title: 'पास में भोजन को स्वयंसेवक चाहिए',
      body: '"{food}" अभी तक किसी ने नहीं लिया है। क्या आप इसे ले सकते हैं?',
    },
    coverage_unclaimed: {
      title: 'अभी तक किसी ने नहीं लिया',
      body: '"{food}" अभी तक किसी ने नहीं लिया है। इसे खुद पहुँचाएँ, और समय दें, या वापस लें।',
    },
  },
  pa: {
    donation_request: { title: 'ਨਵੀਂ ਬੇਨਤੀ', body: '{actor} ਨੇ "{food}" ਮੰਗਿਆ ਹੈ।' },
    request_accepted: { title: 'ਬੇਨਤੀ ਮਨਜ਼ੂਰ', body: '{actor} ਨੇ "{food}" ਲਈ ਤੁਹਾਡੀ ਬੇਨਤੀ ਮਨਜ਼ੂਰ ਕਰ ਲਈ।' },
    request_rejected: { title: 'ਬੇਨਤੀ ਮਨਜ਼ੂਰ ਨਹੀਂ ਹੋਈ', body: '"{food}" ਲਈ ਤੁਹਾਡੀ ਬੇਨਤੀ ਮਨਜ਼ੂਰ ਨਹੀਂ ਹੋਈ।' },
    request_cancelled: { title: 'ਬੇਨਤੀ ਬੰਦ', body: '"{food}" ਲਈ ਤੁਹਾਡੀ ਬੇਨਤੀ ਬੰਦ ਹੋ ਗਈ ਹੈ।' },
    donation_grabbed: { title: 'ਵਲੰਟੀਅਰ ਆ ਰਿਹਾ ਹੈ', body: '{actor} "{food}" ਲੈਣ ਆਵੇਗਾ।' },
    donation_released: {
      title: 'ਵਲੰਟੀਅਰ ਨਹੀਂ ਆ ਸਕਦਾ',
      body: '"{food}" ਹੁਣ ਦੂਜੇ ਵਲੰਟੀਅਰਾਂ ਲਈ ਫਿਰ ਉਪਲਬਧ ਹੈ।',
    },
    incoming_delivery: { title: 'ਡਿਲਿਵਰੀ ਆ ਰਹੀ ਹੈ', body: '"{food}" ਤੁਹਾਡੇ ਕੋਲ ਆ ਰਿਹਾ ਹੈ।' },
    delivery_accepted: { title: 'ਡਿਲਿਵਰੀ ਮਨਜ਼ੂਰ', body: '{actor} "{food}" ਦੀ ਉਡੀਕ ਕਰ ਰਹੇ ਹਨ।' },
    delivery_completed: { title: 'ਪਹੁੰਚ ਗਿਆ', body: '"{food}" ਆਪਣੀ ਮੰਜ਼ਿਲ ਤੱਕ ਪਹੁੰਚ ਗਿਆ। ਧੰਨਵਾਦ!' },
    donation_expired: { title: 'ਦਾਨ ਦੀ ਮਿਆਦ ਖ਼ਤਮ', body: '"{food}" ਕਿਸੇ ਦੇ ਲੈਣ ਤੋਂ ਪਹਿਲਾਂ ਹੀ ਖ਼ਤਮ ਹੋ ਗਿਆ।' },
    donation_deleted: { title: 'ਦਾਨ ਵਾਪਸ ਲਿਆ ਗਿਆ', body: 'ਦਾਨੀ ਨੇ "{food}" ਵਾਪਸ ਲੈ ਲਿਆ।' },
    system: { title: 'ਅੰਨਸੇਤੂ', body: '"{food}" ਬਾਰੇ ਨਵੀਂ ਜਾਣਕਾਰੀ ਹੈ।' },
    series_posted: { title: 'ਨਿਯਮਤ ਦਾਨ ਪੋਸਟ ਹੋਇਆ', body: '"{food}" ਤੈਅ ਸਮੇਂ ਤੇ ਫਿਰ ਪੋਸਟ ਹੋ ਗਿਆ।' },
    series_unclaimed: {
      title: 'ਕੀ ਇਹ ਨਿਯਮਤ ਦਾਨ ਜਾਰੀ ਰੱਖਣਾ ਹੈ?',
      body: 'ਪਿਛਲੀਆਂ 3 ਵਾਰ ਕਿਸੇ ਨੇ "{food}" ਨਹੀਂ ਲਿਆ। ਕੀ ਇਸਨੂੰ ਪੋਸਟ ਕਰਦੇ ਰਹੀਏ?',
    },
    coverage_alert: {
      title: 'ਨੇੜੇ ਖਾਣੇ ਨੂੰ ਵਲੰਟੀਅਰ ਦੀ ਲੋੜ ਹੈ',
      body: '"{food}" ਹਾਲੇ ਤੱਕ ਕਿਸੇ ਨੇ ਨਹੀਂ ਲਿਆ। ਕੀ ਤੁਸੀਂ ਇਸਨੂੰ ਲੈ ਸਕਦੇ ਹੋ?',
    },
    coverage_unclaimed: {
      title: 'ਹਾਲੇ ਤੱਕ ਕਿਸੇ ਨੇ ਨਹੀਂ ਲਿਆ',
      body: '"{food}" ਹਾਲੇ ਤੱਕ ਕਿਸੇ ਨੇ ਨਹੀਂ ਲਿਆ। ਖੁਦ ਪਹੁੰਚਾਓ, ਹੋਰ ਸਮਾਂ ਦਿਓ, ਜਾਂ ਵਾਪਸ ਲਓ।',
    },
  },
  bn: {
    donation_request: { title: 'নতুন অনুরোধ', body: '{actor} "{food}" চেয়েছে।' },
    request_accepted: {
      title: 'অনুরোধ গৃহীত',
      body: '{actor} "{food}"-এর জন্য আপনার অনুরোধ গ্রহণ করেছে।',
    },
    request_rejected: { title: 'অনুরোধ গৃহীত হয়নি', body: '"{food}"-এর জন্য আপনার অনুরোধ গৃহীত হয়নি।' },
    request_cancelled: { title: 'অনুরোধ বন্ধ', body: '"{food}"-এর জন্য আপনার অনুরোধ বন্ধ হয়ে গেছে।' },
    donation_grabbed: { title: 'স্বেচ্ছাসেবক আসছেন', body: '{actor} "{food}" সংগ্রহ করবেন।' },
    donation_released: {
      title: 'স্বেচ্ছাসেবক আসতে পারছেন না',
      body: '"{food}" আবার অন্য স্বেচ্ছাসেবকদের জন্য খোলা।',
    },
    incoming_delivery: { title: 'ডেলিভারি আসছে', body: '"{food}" আপনার কাছে আসছে।' },
    delivery_accepted: { title: 'ডেলিভারি গৃহীত', body: '{actor} "{food}"-এর অপেক্ষায় আছে।' },
    delivery_completed: { title: 'পৌঁছে গেছে', body: '"{food}" গন্তব্যে পৌঁছেছে। ধন্যবাদ!' },
    donation_expired: {
      title: 'দানের মেয়াদ শেষ',
      body: 'কেউ নেওয়ার আগেই "{food}"-এর মেয়াদ শেষ হয়ে গেছে।',
    },
    donation_deleted: { title: 'দান প্রত্যাহার', body: 'দাতা "{food}" প্রত্যাহার করেছেন।' },
    system: { title: 'অন্নসেতু', body: '"{food}" সম্পর্কে নতুন খবর আছে।' },
    series_posted: {
      title: 'নিয়মিত দান পোস্ট হয়েছে',
      body: 'নির্ধারিত সময়ে "{food}" আবার পোস্ট হয়েছে।',
    },
    series_unclaimed: {
      title: 'এই নিয়মিত দান চালু রাখবেন?',
      body: 'গত ৩ বার কেউ "{food}" নেয়নি। এটি পোস্ট করা চালিয়ে যাবেন?',
    },
    coverage_alert: {
      title: 'কাছের খাবারের জন্য স্বেচ্ছাসেবক দরকার',
      body: '"{food}" এখনও কেউ নেয়নি। আপনি কি এটি সংগ্রহ করতে পারবেন?',
    },
    coverage_unclaimed: {
      title: 'এখনও কেউ নেয়নি',
      body: '"{food}" এখনও কেউ নেয়নি। নিজে পৌঁছে দিন, আরও সময় দিন, অথবা তুলে নিন।',
    },
  },
  te: {
    donation_request: { title: 'కొత్త అభ్యర్థన', body: '{actor} "{food}" కోసం అడిగారు.' },
    request_accepted: {
      title: 'అభ్యర్థన అంగీకరించబడింది',
      body: '"{food}" కోసం మీ అభ్యర్థనను {actor} అంగీకరించారు.',
    },
    request_rejected: { title: 'అభ్యర్థన అంగీకరించబడలేదు', body: '"{food}" కోసం మీ అభ్యర్థన అంగీకరించబడలేదు.' },
    request_cancelled: { title: 'అభ్యర్థన ముగిసింది', body: '"{food}" కోసం మీ అభ్యర్థన ముగిసింది.' },
    donation_grabbed: { title: 'స్వచ్ఛంద సేవకులు వస్తున్నారు', body: '{actor} "{food}" తీసుకువెళ్తారు.' },
    donation_released: {
      title: 'స్వచ్ఛంద సేవకులు రాలేరు',
      body: '"{food}" మళ్లీ ఇతర స్వచ్ఛంద సేవకులకు అందుబాటులో ఉంది.',
    },
    incoming_delivery: { title: 'డెలివరీ వస్తోంది', body: '"{food}" మీ వద్దకు వస్తోంది.' },
    delivery_accepted: { title: 'డెలివరీ అంగీకరించబడింది', body: '{actor} "{food}" కోసం ఎదురుచూస్తున్నారు.' },
    delivery_completed: { title: 'చేరింది', body: '"{food}" గమ్యానికి చేరింది. ధన్యవాదాలు!' },
    donation_expired: { title: 'దానం గడువు ముగిసింది', body: 'ఎవరూ తీసుకోకముందే "{food}" గడువు ముగిసింది.' },
    donation_deleted: { title: 'దానం ఉపసంహరించబడింది', body: 'దాత "{food}"ను ఉపసంహరించుకున్నారు.' },
    system: { title: 'అన్నసేతు', body: '"{food}" గురించి కొత్త సమాచారం ఉంది.' },
    series_posted: { title: 'క్రమ దానం పోస్ట్ అయింది', body: '"{food}" నిర్ణయించిన సమయానికి మళ్లీ పోస్ట్ అయింది.' },
    series_unclaimed: {
      title: 'ఈ క్రమ దానాన్ని కొనసాగించాలా?',
      body: 'గత 3 సార్లు "{food}"ని ఎవరూ తీసుకోలేదు. దీన్ని పోస్ట్ చేస్తూనే ఉండాలా?',
    },
    coverage_alert: {
      title: 'దగ్గరలోని ఆహారానికి వాలంటీర్ కావాలి',
      body: '"{food}"ను ఇంకా ఎవరూ తీసుకోలేదు. మీరు సేకరించగలరా?',
    },
    coverage_unclaimed: {
      title: 'ఇంకా ఎవరూ తీసుకోలేదు',
      body: '"{food}"ను ఇంకా ఎవరూ తీసుకోలేదు. మీరే అందించండి, మరింత సమయం ఇవ్వండి, లేదా ఉపసంహరించండి.',
    },
  },
  kn: {
    donation_request: { title: 'ಹೊಸ ವಿನಂತಿ', body: '{actor} "{food}" ಕೇಳಿದ್ದಾರೆ.' },
    request_accepted: {
      title: 'ವಿನಂತಿ ಸ್ವೀಕರಿಸಲಾಗಿದೆ',
      body: '"{food}"ಗಾಗಿ ನಿಮ್ಮ ವಿನಂತಿಯನ್ನು {actor} ಸ್ವೀಕರಿಸಿದ್ದಾರೆ.',
    },
    request_rejected: { title: 'ವಿನಂತಿ ಸ್ವೀಕರಿಸಲಾಗಿಲ್ಲ', body: '"{food}"ಗಾಗಿ ನಿಮ್ಮ ವಿನಂತಿ ಸ್ವೀಕರಿಸಲಾಗಿಲ್ಲ.' },
    request_cancelled: { title: 'ವಿನಂತಿ ಮುಚ್ಚಲಾಗಿದೆ', body: '"{food}"ಗಾಗಿ ನಿಮ್ಮ ವಿನಂತಿ ಮುಚ್ಚಲಾಗಿದೆ.' },
    donation_grabbed: { title: 'ಸ್ವಯಂಸೇವಕರು ಬರುತ್ತಿದ್ದಾರೆ', body: '{actor} "{food}" ಸಂಗ್ರಹಿಸುತ್ತಾರೆ.' },
    donation_released: {
      title: 'ಸ್ವಯಂಸೇವಕರು ಬರಲಾಗುತ್ತಿಲ್ಲ',
      body: '"{food}" ಮತ್ತೆ ಇತರ ಸ್ವಯಂಸೇವಕರಿಗೆ ಲಭ್ಯವಿದೆ.',
    },
    incoming_delivery: { title: 'ಡೆಲಿವರಿ ಬರುತ್ತಿದೆ', body: '"{food}" ನಿಮ್ಮ ಬಳಿಗೆ ಬರುತ್ತಿದೆ.' },
    delivery_accepted: { title: 'ಡೆಲಿವರಿ ಸ್ವೀಕರಿಸಲಾಗಿದೆ', body: '{actor} "{food}"ಗಾಗಿ ಕಾಯುತ್ತಿದ್ದಾರೆ.' },
    delivery_completed: { title: 'ತಲುಪಿದೆ', body: '"{food}" ತನ್ನ ಗಮ್ಯ ತಲುಪಿದೆ. ಧನ್ಯವಾದಗಳು!' },
    donation_expired: { title: 'ದಾನದ ಅವಧಿ ಮುಗಿದಿದೆ', body: 'ಯಾರೂ ಸಂಗ್ರಹಿಸುವ ಮೊದಲೇ "{food}" ಅವಧಿ ಮುಗಿದಿದೆ.' },
    donation_deleted: { title: 'ದಾನ ಹಿಂಪಡೆಯಲಾಗಿದೆ', body: 'ದಾನಿ "{food}" ಅನ್ನು ಹಿಂಪಡೆದಿದ್ದಾರೆ.' },
    system: { title: 'ಅನ್ನಸೇತು', body: '"{food}" ಬಗ್ಗೆ ಹೊಸ ಮಾಹಿತಿ ಇದೆ.' },
    series_posted: { title: 'ನಿಯಮಿತ ದಾನ ಪೋಸ್ಟ್ ಆಗಿದೆ', body: '"{food}" ನಿಗದಿತ ಸಮಯಕ್ಕೆ ಮತ್ತೆ ಪೋಸ್ಟ್ ಆಗಿದೆ.' },
    series_unclaimed: {
      title: 'ಈ ನಿಯಮಿತ ದಾನವನ್ನು ಮುಂದುವರಿಸಬೇಕೇ?',
      body: 'ಕಳೆದ 3 ಬಾರಿ "{food}" ಅನ್ನು ಯಾರೂ ತೆಗೆದುಕೊಳ್ಳಲಿಲ್ಲ. ಇದನ್ನು ಪೋಸ್ಟ್ ಮಾಡುತ್ತಲೇ ಇರಬೇಕೇ?',
    },
    coverage_alert: {
      title: 'ಹತ್ತಿರದ ಆಹಾರಕ್ಕೆ ಸ್ವಯಂಸೇವಕರು ಬೇಕು',
      body: '"{food}" ಅನ್ನು ಇನ್ನೂ ಯಾರೂ ತೆಗೆದುಕೊಂಡಿಲ್ಲ. ನೀವು ಸಂಗ್ರಹಿಸಬಹುದೇ?',
    },
    coverage_unclaimed: {
      title: 'ಇನ್ನೂ ಯಾರೂ ತೆಗೆದುಕೊಂಡಿಲ್ಲ',
      body: '"{food}" ಅನ್ನು ಇನ್ನೂ ಯಾರೂ ತೆಗೆದುಕೊಂಡಿಲ್ಲ. ನೀವೇ ತಲುಪಿಸಿ, ಹೆಚ್ಚು ಸಮಯ ನೀಡಿ, ಅಥವಾ ಹಿಂಪಡೆಯಿರಿ.',
    },
  },
  ta: {
    donation_request: { title: 'புதிய கோரிக்கை', body: '{actor} "{food}" உணவைக் கேட்டுள்ளார்.' },
    request_accepted: {
      title: 'கோரிக்கை ஏற்கப்பட்டது',
      body: '"{food}" க்கான உங்கள் கோரிக்கையை {actor} ஏற்றுக்கொண்டார்.',
    },
    request_rejected: {
      title: 'கோரிக்கை ஏற்கப்படவில்லை',
      body: '"{food}" க்கான உங்கள் கோரிக்கை ஏற்கப்படவில்லை.',
    },
    request_cancelled: {
      title: 'கோரிக்கை மூடப்பட்டது',
      body: '"{food}" க்கான உங்கள் கோரிக்கை மூடப்பட்டது.',
    },
    donation_grabbed: {
      title: 'தன்னார்வலர் வந்துகொண்டிருக்கிறார்',
      body: '{actor} "{food}" உணவை எடுத்துச் செல்வார்.',
    },
    donation_released: {
      title: 'தன்னார்வலரால் வர முடியாது',
      body: '"{food}" மீண்டும் மற்ற தன்னார்வலர்களுக்குக் கிடைக்கிறது.',
    },
    incoming_delivery: {
      title: 'வரும் டெலிவரி',
      body: '"{food}" உங்களை நோக்கி வந்துகொண்டிருக்கிறது.',
    },
    delivery_accepted: { title: 'டெலிவரி ஏற்கப்பட்டது', body: '{actor} "{food}" உணவை எதிர்பார்க்கிறார்.' },
    delivery_completed: { title: 'ஒப்படைக்கப்பட்டது', body: '"{food}" சேருமிடத்தை அடைந்தது. நன்றி!' },
    donation_expired: {
      title: 'நன்கொடை காலாவதியானது',
      body: 'யாரும் எடுப்பதற்கு முன் "{food}" காலாவதியானது.',
    },
    donation_deleted: {
      title: 'நன்கொடை திரும்பப் பெறப்பட்டது',
      body: '"{food}" நன்கொடையாளரால் திரும்பப் பெறப்பட்டது.',
    },
    series_posted: {
      title: 'தொடர் நன்கொடை பதிவிடப்பட்டது',
      body: '"{food}" திட்டமிட்டபடி மீண்டும் பதிவிடப்பட்டது.',
    },
    series_unclaimed: {
      title: 'இந்தத் தொடர் நன்கொடையைத் தொடரவா?',
      body: 'கடந்த 3 முறையும் "{food}" யாரும் எடுக்கவில்லை. தொடர்ந்து பதிவிடவா?',
    },
    system: { title: 'அன்னசேது', body: '"{food}" பற்றி ஒரு புதிய தகவல் உள்ளது.' },
    coverage_alert: {
      title: 'அருகிலுள்ள உணவுக்கு தன்னார்வலர் தேவை',
      body: '"{food}" இன்னும் யாரும் எடுக்கவில்லை. நீங்கள் சேகரிக்க முடியுமா?',
    },
    coverage_unclaimed: {
      title: 'இன்னும் யாரும் எடுக்கவில்லை',
      body: '"{food}" இன்னும் யாரும் எடுக்கவில்லை. நீங்களே கொண்டு சேர்க்கவும், கூடுதல் நேரம் கொடுக்கவும், அல்லது திரும்பப் பெறவும்.',
    },
  },
  mr: {
    donation_request: { title: 'नवीन विनंती', body: '{actor} यांनी "{food}" मागितले आहे.' },
    request_accepted: {
      title: 'विनंती स्वीकारली',
      body: '{actor} यांनी "{food}" साठी तुमची विनंती स्वीकारली.',
    },
    request_rejected: {
      title: 'विनंती स्वीकारली नाही',
      body: '"{food}" साठीची तुमची विनंती स्वीकारली गेली नाही.',
    },
    request_cancelled: { title: 'विनंती बंद झाली', body: '"{food}" साठीची तुमची विनंती बंद झाली आहे.' },
    donation_grabbed: { title: 'स्वयंसेवक येत आहे', body: '{actor} "{food}" उचलतील.' },
    donation_released: {
      title: 'स्वयंसेवक येऊ शकत नाही',
      body: '"{food}" पुन्हा इतर स्वयंसेवकांसाठी उपलब्ध आहे.',
    },
    incoming_delivery: { title: 'येणारी डिलिव्हरी', body: '"{food}" तुमच्याकडे येत आहे.' },
    delivery_accepted: { title: 'डिलिव्हरी स्वीकारली', body: '{actor} "{food}" ची वाट पाहत आहेत.' },
    delivery_completed: { title: 'पोहोचवले', body: '"{food}" गंतव्यापर्यंत पोहोचले. धन्यवाद!' },
    donation_expired: {
      title: 'दानाची मुदत संपली',
      body: 'कोणी उचलण्याआधीच "{food}" ची मुदत संपली.',
    },
    donation_deleted: { title: 'दान मागे घेतले', body: 'दात्याने "{food}" मागे घेतले.' },
    series_posted: { title: 'नियमित दान पोस्ट झाले', body: '"{food}" ठरल्याप्रमाणे पुन्हा पोस्ट झाले.' },
    series_unclaimed: {
      title: 'हे नियमित दान चालू ठेवायचे का?',
      body: 'मागील 3 वेळा "{food}" कोणीही घेतले नाही. पोस्ट करत राहायचे का?',
    },
    system: { title: 'अन्नसेतु', body: '"{food}" बद्दल नवीन माहिती आहे.' },
    coverage_alert: {
      title: 'जवळच्या अन्नासाठी स्वयंसेवक हवा',
      body: '"{food}" अजून कोणीही घेतले नाही. तुम्ही ते घेऊ शकाल का?',
    },
    coverage_unclaimed: {
      title: 'अजून कोणीही घेतले नाही',
      body: '"{food}" अजून कोणीही घेतले नाही. स्वतः पोहोचवा, अधिक वेळ द्या, किंवा मागे घ्या.',
    },
  },
};

/** The page a push opens: the thing it is about. */
export function pushUrlFor(type: string, data: Record<string, string>): string {
  // Anything about a request (a new one to accept, a decision, a delivery) opens the requests
  // page, as the notification centre does; the rest opens the donation.
  if (data.requestId) return `/requests?focus=${data.requestId}`;
  if (data.donationId) return `/donations?focus=${data.donationId}`;
  return '/notifications';
}

/** Title and body of a push in the recipient's language. */
export function pushMessageFor(
  language: UiLanguage,
  type: string,
  data: Record<string, string>,
): Template {
  const templates = TEMPLATES[language] ?? TEMPLATES.en;
  const template = templates[type as NotificationType] ?? templates.system;
  const fill = (text: string) =>
    text
      .replace('{actor}', data.actorName ?? '')
      .replace('{food}', data.foodType ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  return { title: fill(template.title), body: fill(template.body) };
}
