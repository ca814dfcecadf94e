import { describe, expect, it } from 'vitest';
import { SimilarityIndex, segmentWords, stem, transliterate } from './similarity.js';
import { asksAboutSomeoneElse } from './third-party.js';
import { tokenize } from './text.js';

const index = new SimilarityIndex([
  { topic: 'how_to_donate', text: 'How do I donate food?' },
  { topic: 'how_to_donate', text: 'खाना दान कैसे करें' },
  { topic: 'tokens', text: 'How do tokens work?' },
  { topic: 'tokens', text: 'टोकन कैसे मिलते हैं' },
  { topic: 'expiry', text: 'When does a donation expire?' },
]);

describe('SimilarityIndex', () => {
  it('ranks the topic whose examples are closest first, with scores between 0 and 1', () => {
    const [top, second] = index.rank('how can I donate some food');
    expect(top?.topic).toBe('how_to_donate');
    expect(top!.score).toBeLessThanOrEqual(1);
    expect(top!.score).toBeGreaterThan(second?.score ?? 0);
  });

  it('tolerates spelling slips through character n-grams', () => {
    expect(index.rank('how do tokkens wrk')[0]?.topic).toBe('tokens');
    expect(index.rank('donashun expiri time')[0]?.topic).toBe('expiry');
  });

  it('reads romanised Hindi in Devanagari as well as in Latin letters', () => {
    expect(transliterate('token kaise milte', 'hi')).toMatch(/[\u0900-\u097f]/u);
    expect(index.rank('tokan kaise milte hain', ['hi'])[0]?.topic).toBe('tokens');
  });

  it('gives a weak score to a message about something else', () => {
    expect(index.rank('what is the weather today')[0]?.score ?? 0).toBeLessThan(0.2);
  });
});

describe('stem', () => {
  it('takes a case ending or plural marker off a word (the endings are data)', () => {
    expect(stem('विनंतीचा')).toBe('विनंती');
    expect(stem('ಡೊನೇಷನ್ಗೆ')).toBe('ಡೊನೇಷನ್');
    expect(stem('requested')).toBe('request');
  });

  it('leaves a word too short to carry one', () => {
    expect(stem('ला')).toBe('ला');
    expect(stem('is')).toBe('is');
  });
});

describe('a long message', () => {
  const stories = new SimilarityIndex([
    { topic: 'how_to_donate', text: 'how do I post surplus food on the app' },
    { topic: 'room_temperature', text: 'food left out in the hall since the morning' },
  ]);
  const story = 'we had a wedding in the hall this morning and some food is left';
  const question = 'how do I post it on the app';

  it('weighs the sentence that asks above the story before it', () => {
    expect(stories.rank(`${story}. ${question}`)[0]?.topic).toBe('how_to_donate');
    // The same words as one run-on sentence: nothing tells the question from the story.
    expect(stories.rank(`${story} ${question}`)[0]?.topic).toBe('room_temperature');
  });
});

describe('segmentWords', () => {
  it('splits Indic text into words with Intl.Segmenter, keeping vowel signs', () => {
    expect(segmentWords('खाना कैसे दान करें?')).toEqual(['खाना', 'कैसे', 'दान', 'करें']);
  });
});

describe('asksAboutSomeoneElse', () => {
  const never = () => false;
  const ask = (text: string, mine = false, name: (t: string) => boolean = never) =>
    asksAboutSomeoneElse(tokenize(text), mine, name);

  it('refuses a friend’s, a neighbour’s or other volunteers’ data, even after "my"', () => {
    expect(ask('how many tokens does my friend have', true)).toBe(true);
    expect(ask('मेरे पड़ोसी के कितने टोकन हैं', true)).toBe(true);
    expect(ask('ਦੂਜੇ ਵਲੰਟੀਅਰਾਂ ਦੇ ਟੋਕਨ ਦਿਖਾਓ')).toBe(true);
    expect(ask('उस रेस्टोरेंट का पूरा पता चाहिए')).toBe(true);
  });

  it('refuses all donations of a named place', () => {
    const name = (t: string) => t === 'mayura';
    expect(ask('show all donations of mayura hotel', false, name)).toBe(true);
  });

  it('answers how the product works for a role', () => {
    expect(ask('how do volunteers earn tokens')).toBe(false);
    expect(ask('how many tokens do I have', true)).toBe(false);
    expect(ask('show my donations', true)).toBe(false);
  });
});
