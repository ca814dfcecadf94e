import { normalize } from './normalize.js';

/**
 * Function words left out of the search index and queries: question words, pronouns, particles
 * and auxiliaries that appear in every question and say nothing about its topic. "How" stays: it tells "how do I donate" from "what can I
 * donate". Written after
 * normalisation (lower case, no nukta, anusvara for chandrabindu).
 */
const LISTS: Record<string, string> = {
  en: `a an the is are am was were be been do does did i me my mine we our us you your it its this
    that these those to of for in on at by with from and or but if so can could should would will
    shall may might must what which who whom whose when where why please tell about any some
    there here have has had get got let know want need just also then than into out up as not no
    yes now very much many more most one ok okay hi hello dear kindly thing things all something
    anything stuff really actually still yet today tonight some n`,
  'hi-Latn': `kya hai hain ho main mai mujhe mere hum ham aap tum ke ki ka ko se me mein par pe aur ya
    bhi to toh kaisa kab kahan kyun kaun kon koi kuch kitne ye yeh wo woh is us batao please
    sakte chahie karu karna karne kare karen hota hoti hoga tha thi the liye lie raha rahe rahi ji`,
  hi: `क्या है हैं हो था थी थे मैं मुझे मेरा मेरी मेरे हम हमें हमारा हमारे आप आपका आपके तुम के की का
    को से में पर और या भी तो कैसा कैसी कब कहाँ कहां क्यों कौन कोई कुछ यह ये वह वे इस उस इसे
    बताइए बताओ बताएं बताएँ कृपया सकता सकती सकते चाहिए करूं करें करना करने करता करती करते होता होती
    होते होगा लिए रहा रहे रही जी एक हुए हुआ हुई तक ले जा दे कर सारे सब किस बारे अब अभी`,
  mr: `काय आहे आहेत होते होता होती मी मला माझे माझी माझा माझ्या आम्ही आम्हाला आमचे तुम्ही तुमचे
    चा ची चे च्या ला ना ने त मध्ये वर आणि किंवा पण तर कसा कशी केव्हा कधी कुठे का कोण कोणी
    काही हे ही हा ते ती तो या त्या सांगा कृपया शकतो शकते शकतात पाहिजे करू करावे करायचे करणे
    असते असतो असतात एक मधे मध्ये करतं होतं`,
  bn: `কী কি কেমন কখন কোথায় কেন কে কোন কোনো আমি আমার আমাকে আমরা আমাদের আপনি আপনার
    তুমি তোমার এর ও এবং বা কিন্তু তো যে এই ওই সেই এটা ওটা এ কি হয় হবে ছিল আছে আছেন করব করবো করতে
    করে করি বলুন বলো দয়া করে পারি পারে পারব জন্য থেকে দিয়ে একটি এক হয়ে যাওয়া গেছে যায় যাবে
    কিছু কোনটা কীসের কিসের তাহলে একটু প্লিজ দাদা দিদি হলে হলো হল করলে করবেন পারবো পারবেন
    যাচ্ছে এখন এখানে ওখানে নাকি টা টি গুলো`,
  pa: `ਕੀ ਹੈ ਹਨ ਸੀ ਮੈਂ ਮੈਨੂੰ ਮੇਰਾ ਮੇਰੀ ਮੇਰੇ ਅਸੀਂ ਸਾਨੂੰ ਸਾਡਾ ਸਾਡੇ ਤੁਸੀਂ ਤੁਹਾਡਾ ਤੁਹਾਡੇ ਦੇ ਦੀ ਦਾ ਨੂੰ ਤੋਂ
    ਵਿੱਚ ਵਿਚ ਤੇ ਅਤੇ ਜਾਂ ਵੀ ਤਾਂ ਕਿਹੋ ਕਦੋਂ ਕਿੱਥੇ ਕਿਉਂ ਕੌਣ ਕੋਈ ਕੁਝ ਇਹ ਉਹ ਇਸ ਉਸ ਦੱਸੋ ਕਿਰਪਾ
    ਕਰਕੇ ਸਕਦਾ ਸਕਦੀ ਸਕਦੇ ਚਾਹੀਦਾ ਕਰਾਂ ਕਰੋ ਕਰਨਾ ਕਰਨ ਹੁੰਦਾ ਹੁੰਦੀ ਹੋਵੇਗਾ ਲਈ ਜੀ ਇੱਕ ਹੋ
    ਹੋਣ ਹੋਇਆ ਹੋਈ ਹੋਏ ਗਿਆ ਗਈ ਗਏ ਜਾਂਦਾ ਜਾਂਦੀ ਜਾਂਦੇ ਆ ਹੈਗਾ ਹੈਗੀ ਹੈਗੇ ਨੇ`,
  ta: `என்ன எப்போது எங்கே ஏன் யார் எந்த எது நான் என் எனது என்னுடைய எனக்கு நாங்கள் நாம் எங்கள்
    நீங்கள் உங்கள் உங்களுடைய இது அது இந்த அந்த மற்றும் அல்லது ஆனால் உள்ளது உள்ளன இருக்கிறது
    இருக்கும் வேண்டும் முடியும் செய்வது செய்ய சொல்லுங்கள் தயவுசெய்து ஒரு ஆ
    எப்போ எங்க யாரு நாங்க எங்க உங்க இருக்கா இருக்கு இருந்தா இருக்குமா வேணும் வேணுமா சொல்லு
    சொல்லுங்க ப்ளீஸ் கொஞ்சம் அப்படின்னா அப்புறம் இங்க அங்க`,
  te: `ఏమిటి ఏంటి ఎప్పుడు ఎక్కడ ఎందుకు ఎవరు ఏ ఏది నేను నా నాకు నన్ను మేము మా మాకు మీరు మీ
    మీకు ఇది అది ఈ ఆ మరియు లేదా కానీ ఉంది ఉన్నాయి ఉంటుంది ఉంటాయి చేయాలి చేయడం చేయాలంటే చెప్పండి
    దయచేసి కావాలి గురించి ఒక అండి గారు
    అన్నా అన్న అక్కా ఏం ఏమి ఎక్కడికి ఉందా ఉన్నాయా ఉంటే అవుతుంది అవుతుందా ఏమైనా కూడా అని అంటే చెప్పు ప్లీజ్ సార్
    అండీ నాది మాది మనం మన ఇంకా ఉంటాయా ఉంటుందా అవుతాయా కదా`,
  // Function words of the other languages typed in Latin letters ("nimge enu madakke agutte").
  latin: `enu yenu enti entha emi em emiti enna ennaa aahe ahe aahet ache achhe ase undi unda undha
    iruka irukka irukku ide ideya idiya agutte aagutte aguthe avutundi avtundi hoy hoye hobe hunda
    hunde andi gaaru pls plz bhai dada alli nalli mele nantara madid madida aadmele aadre adre anna annaa akka`,
  // How many / how much: the rules read them; in the search they only add noise.
  count: `कितने कितनी कितना किती কত কটা কয়টা ਕਿੰਨੇ ਕਿੰਨੀ ਕਿੰਨਾ ਕਿੰਨੀਆਂ ਕਿੰਨੀਆ எத்தனை எவ்வளவு
    எவ்ளோ ఎన్ని ఎంత ಎಷ್ಟು ಎಷ್ಟ evvalavu evlo enni entha eshtu koto kiti kinne kinna`,
  // Dish names: "can I reheat the dal" asks the same as "can I reheat the food".
  dishes: `dal daal rice biryani roti rotis chapati sabzi curry sambar idli dosa poha khichdi paneer
    दाल चावल रोटी सब्जी बिरयानी खिचडी पनीर वरण भात पोळी भाजी आमटी ডাল ভাত রুটি তরকারি বিরিয়ানি
    ਦਾਲ ਚੌਲ ਰੋਟੀ ਸਬਜ਼ੀ ਸਾਂਬਰ சாதம் சாம்பார் இட்லி தோசை சப்பாத்தி பிரியாணி పప్పు పప్పును అన్నం కూర
    బిర్యానీ చపాతీ ಸಾರು ಸಾರನ್ನು ಚಪಾತಿ ಬಿರಿಯಾನಿ ಪಲ್ಯ
    ಸಾಂಬಾರ್ ಸಾಂಬಾರು ಅನ್ನ ಮೊಸರನ್ನ ಚಿತ್ರಾನ್ನ ಇಡ್ಲಿ ದೋಸೆ ಉಪ್ಪಿಟ್ಟು ಪುಳಿಯೋಗರೆ`,
  kn: `ಏನು ಯಾವಾಗ ಎಲ್ಲಿ ಏಕೆ ಯಾಕೆ ಯಾರು ಯಾವ ಯಾವುದು ನಾನು ನನ್ನ ನನಗೆ ನಾವು ನಮ್ಮ ನಮಗೆ ನೀವು ನಿಮ್ಮ
    ನಿಮಗೆ ಇದು ಅದು ಈ ಆ ಮತ್ತು ಅಥವಾ ಆದರೆ ಇದೆ ಇವೆ ಇರುತ್ತದೆ ಮಾಡಬೇಕು ಮಾಡುವುದು ಮಾಡಲು ತಿಳಿಸಿ ಹೇಳಿ
    ದಯವಿಟ್ಟು ಬೇಕು ಬಗ್ಗೆ ಒಂದು
    ಏನ್ ಏನಾದ್ರು ಯಾಕ್ ಇದ್ಯಾ ಇದೆಯಾ ಇದ್ಯೆ ಆಗುತ್ತೆ ಆಗುತ್ತಾ ಆಗತ್ತೆ ಆಗ್ತದೆ ಆಗಿದೆ ಬೇಕಾ ಬೇಕೇ ಹೇಳು ಸ್ವಲ್ಪ
    ಅಂದ್ರೆ ಅಂದರೆ ಅಂತ ಎಂದು ಇರೋ ಇರುವ ನಂಗೆ ನಮ್ದು ನನ್ದು ನಾವ್ ನೀವ್ ಒಂದ್ ಅಲ್ಲಿ ಇಲ್ಲಿ ತುಂಬಾ ಸರ್ ಮೇಡಂ ಪ್ಲೀಸ್
    ಇರುತ್ತೆ ಇರತ್ತೆ ಇರ್ತದೆ ಇರುತ್ತಾ ಆಗತ್ತಾ ಆಗುತ್ತಾ ಆಗ್ತಾ ಅಲ್ವಾ ಹೌದಾ
    ನನ್ ನಮ್ ನಂ ನಾನ್ ನಂಗ್ ನಮ್ಗೆ ಗೆ ಕ್ಕೆ ಲ್ಲಿ ನಲ್ಲಿ ಇದ್ರೆ ಇದ್ದರೆ ಬೇಕಾದ್ರೆ ಬೇಕಾದರೆ ಬೇಕಾಗಿದೆ ಏನಾದರೂ ಸ್ವಲ್ಪ ಈ ಆ`,
};

/** Every stop word of every language (their scripts differ, so one set serves all). */
// Spoken Kannada drops a word's final "u" (ಎಷ್ಟು -> ಎಷ್ಟ್, ಏನು -> ಏನ್): both forms are stop words.
const FINAL_KANNADA_U = /\u0cc1$/u;

export const STOPWORDS: ReadonlySet<string> = new Set(
  Object.values(LISTS)
    .flatMap((list) => normalize(list).split(' ').filter(Boolean))
    .flatMap((word) => [word, word.replace(FINAL_KANNADA_U, '\u0ccd')]),
);
