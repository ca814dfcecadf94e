import { describe, expect, it } from 'vitest';
import { compounds, editDistance, fold, skeleton } from './fold.js';
import { normalize } from './normalize.js';
import { STOPWORDS } from './stopwords.js';
import { findEntry, tokenize } from './text.js';
import { readInLanguage } from './senses.js';
import { LANGUAGE_SENSES } from './vocabulary.js';

describe('vocabulary folding', () => {
  it('folds loanwords, native words and romanised forms to one concept', () => {
    for (const word of ['डोनेशन', 'दान', 'দান', 'ਡੋਨੇਸ਼ਨ', 'டொனேஷன்', 'దానం', 'ದೇಣಿಗೆ', 'daan']) {
      expect(fold(tokenize(word)[0]!), word).toBe('donation');
    }
    for (const word of ['वालंटियर', 'स्वयंसेवक', 'ভলান্টিয়ার', 'வாலண்டியர்', 'వాలంటీర్', 'ವಾಲಂಟಿಯರ್']) {
      expect(fold(tokenize(word)[0]!), word).toBe('volunteer');
    }
    expect(fold(tokenize('एक्सपायरी')[0]!)).toBe('expiry');
    expect(fold(tokenize('डिफ़ॉल्ट')[0]!)).toBe('default');
    expect(fold(tokenize('పికప్')[0]!)).toBe('pickup');
  });

  it('keeps endings, vowel-length slips and spoken forms on the concept', () => {
    expect(fold('ಡೆಲಿವರಿಗೆ')).toBe('delivery');
    expect(fold('டோக்கன்களை')).toBe('token');
    // Long ी for short ि: the same word typed differently.
    expect(fold('वालंटीयर')).toBe('volunteer');
    expect(fold('குடுப்பீங்க')).toBe('give');
    expect(fold('கொடுப்பீர்கள்')).toBe('give');
    expect(fold('ಹಾಳಾಗಿರೋ')).toBe('spoiled');
  });

  it('forgives one typing slip in longer Latin words, not in short ones', () => {
    expect(fold('voluntear')).toBe('volunteer');
    expect(fold('expirey')).toBe('expiry');
    expect(fold('temprature')).toBe('temperature');
    expect(fold('bank')).toBe('bank');
    expect(fold('kitchen')).toBe('kitchen');
  });

  it('leaves words outside the vocabulary alone', () => {
    expect(fold('weather')).toBe('weather');
    expect(fold('मौसम')).toBe('मौसम');
  });

  it('reads a donation word followed by "do" as "donate"', () => {
    expect(compounds(tokenize('डोनेशन कैसे करें'))).toEqual(['donate']);
    expect(compounds(tokenize('donation ela cheyali'))).toEqual(['donate']);
    expect(compounds(tokenize('मेरे डोनेशन दिखाओ'))).toEqual([]);
  });

  it('reads meanings Indian languages build from two words', () => {
    // Leftover food given away is donating it; "take" then "go" is carrying.
    expect(compounds(tokenize('बचा हुआ खाना देना है'))).toContain('donate');
    expect(compounds(tokenize('খাবার কিভাবে নিয়ে যাব'))).toContain('carry');
    // "Take" with a pickup is grabbing it, unless it is carried away.
    expect(compounds(tokenize('pickup kaise lu'))).toContain('grab');
    expect(compounds(tokenize('pickup le jaate'))).not.toContain('grab');
    // "Who" with a role word asks about roles; "can" with giving asks what may be given.
    expect(compounds(tokenize('donor kaun hota hai'))).toContain('role');
    expect(compounds(tokenize('ఈ ఆహారం ఇవ్వొచ్చా'))).toContain('permitted');
    expect(compounds(tokenize('how can i donate food'))).not.toContain('permitted');
    // A concept repeated by a normalised question ("डोनेशन [donation]") counts once.
    expect(compounds(tokenize('डोनेशन donation कैसे how करें do'))).toContain('donate');
  });

  it('folds the ways Marathi writes "ॲ" to one letter', () => {
    expect(normalize('ॲप')).toBe(normalize('अॅप'));
    expect(normalize('ऍप')).toBe(normalize('ॲप'));
    expect(fold(tokenize('ॲक्सेप्ट')[0]!)).toBe('accept');
  });

  it('reads romanised words with glued case endings and romanised stems', () => {
    expect(fold('donationki')).toBe('donation');
    expect(fold('pickupku')).toBe('pickup');
    expect(fold('deliverylo')).toBe('delivery');
    expect(fold('tokenlu')).toBe('token');
    expect(fold('pannradhu')).toBe('do');
    expect(fold('paadaipoyindi')).toBe('spoiled');
    // An ending is taken off only when a vocabulary word is left.
    expect(fold('care')).toBe('care');
    expect(fold('there')).toBe('there');
  });

  it('keeps strict words apart from look-alikes (मील "meal" is not मिलते "get")', () => {
    expect(fold('मील')).toBe('meal');
    expect(fold('मिलते')).toBe('मिलते');
    expect(fold('मिली')).toBe('मिली');
    expect(fold('মিলবে')).toBe('মিলবে');
  });

  it('folds finishing, time and keeping words in every script', () => {
    for (const word of ['पूरी', 'সম্পূর্ণ', 'ਪੂਰੀ', 'முடிப்பது', 'పూర్తి', 'ಪೂರ್ಣಗೊಳಿಸುವುದು', 'complete']) {
      expect(fold(tokenize(word)[0]!), word).toBe('complete');
    }
    for (const word of ['देर', 'वेळ', 'কতক্ষণ', 'நேரம்', 'సేపు', 'ಹೊತ್ತು', 'hours']) {
      expect(fold(tokenize(word)[0]!), word).toBe('hours');
    }
    for (const word of ['रखना', 'ठेवायचं', 'রাখব', 'ਰੱਖਣਾ', 'வைக்கலாம்', 'ఉంచాలి', 'ಇಡಬೇಕು']) {
      expect(fold(tokenize(word)[0]!), word).toBe('keep');
    }
  });

  it('drops a keeping verb that is part of "take care" (ध्यान रखें, খেয়াল রাখব)', () => {
    expect(tokenize('सफाई का ध्यान रखें')).toEqual(['सफाई', 'का', 'ध्यान']);
    expect(tokenize('খেয়াল রাখব').map(fold)).not.toContain('keep');
    expect(tokenize('गरम खाना कितनी देर रखें').map(fold)).toContain('keep');
  });

  it('reads spoken Kannada without its final "u" as the written word', () => {
    expect(STOPWORDS.has(normalize('ಎಷ್ಟ್'))).toBe(true);
    expect(STOPWORDS.has(normalize('ಏನ್'))).toBe(true);
    expect(fold(tokenize('ಹೊತ್ತ್')[0]!)).toBe('hours');
    expect(findEntry(tokenize('ನಾನ್ ಎಷ್ಟ್ CO2 ಉಳಿಸಿದೀನಿ'), ['ಎಷ್ಟು'])).toBe('ಎಷ್ಟು');
    expect(findEntry(tokenize('ನಾನ್ ಎಷ್ಟ್ CO2'), ['ಏನು'])).toBeUndefined();
  });

  it('marks asking for food, letting a pickup go and "must not" from two words', () => {
    expect(compounds(tokenize('ನಮ್ಮ NGO ಗೆ ಊಟ ಬೇಕು'))).toContain('askfood');
    expect(compounds(tokenize('request hege haakodu'))).toContain('askfood');
    expect(compounds(tokenize('खाना कैसे दान करें'))).not.toContain('askfood');
    expect(compounds(tokenize('पिकअप पे नहीं जा पाऊंगा'))).toContain('letgo');
    expect(compounds(tokenize('ಪಿಕಪ್ ತಗೊಂಡಿದ್ದೆ ಆದ್ರೆ ಹೋಗಕ್ಕಾಗಲ್ಲ'))).toContain('letgo');
    expect(compounds(tokenize('pickup grab ಮಾಡೋದು ಹೇಗೆ'))).not.toContain('letgo');
    expect(compounds(tokenize('ಯಾವ ಆಹಾರವನ್ನು ದಾನ ಮಾಡಬಾರದು'))).toContain('permitted');
    // The "do" of "delete" is not donating.
    expect(compounds(tokenize('ಡೊನೇಷನ್ ಡಿಲಿಟ್ ಮಾಡೋದು ಹೇಗೆ'))).not.toContain('donate');
    expect(compounds(tokenize('ಡೊನೇಷನ್ ಮಾಡೋದು ಹೇಗೆ'))).toContain('donate');
  });

  it('measures edit distance with swaps, capped', () => {
    expect(editDistance('donation', 'donatoin', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(skeleton('टोकनों')).toBe(skeleton('टोकनों'));
  });

  it('gives each word of several languages another reading in the language it differs in', () => {
    for (const [word, senses] of Object.entries(LANGUAGE_SENSES)) {
      for (const [lang, reading] of Object.entries(senses)) {
        // The word keeps its reading elsewhere; the language's reading is a different concept.
        expect(fold(reading), `${word} in ${lang}`).not.toBe(fold(word));
        expect(fold(word), word).not.toBe(word);
      }
    }
    expect(fold('kodi')).toBe('poultry');
    expect(fold(LANGUAGE_SENSES.kodi!.kn!)).toBe('give');
  });

  it('reads "kodi" as "give" in Kannada and as a chicken in Telugu and Tamil', () => {
    expect(tokenize(readInLanguage('nanage oota Kodi', 'kn')).map(fold)).toContain('give');
    expect(tokenize(readInLanguage('nanage oota kodi', 'kn')).map(fold)).not.toContain('poultry');
    for (const lang of ['te', 'ta', null] as const) {
      expect(tokenize(readInLanguage('kodi farm', lang)).map(fold)).toContain('poultry');
    }
    // Only whole words: "kodiya" is no "kodi".
    expect(readInLanguage('kodiya kodi', 'kn')).toBe('kodiya give');
  });
});
