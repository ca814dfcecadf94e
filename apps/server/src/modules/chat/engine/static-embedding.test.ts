// A deployer's sentence-embedding model (decision 0073): the files, the loading, the similarity.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema/index.js';
import { signUp } from '../../../test/factories.js';
import { embeddingSettingsFromEnv } from '../chat.embedding.js';
import { Assistant, getAssistant } from '../chat.service.js';
import { createChatTestApp } from '../chat.test-app.js';
import { ANSWER_PACKS } from '../knowledge/index.js';
import { halfToNumber, readSafetensors, SafetensorsError } from './safetensors.js';
import { BlendedRanker, EmbeddingIndex, type TopicRanker } from './embedding-index.js';
import { EmbeddingModelError, StaticEmbeddingModel } from './static-embedding.js';
import { numberToHalf, safetensorsBytes, writeTinyModel } from './static-embedding.test-model.js';

const root = mkdtempSync(join(tmpdir(), 'annasetu-embedding-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(root, String(folders++));

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const unit = (v: number[]) => {
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
};

describe('safetensors files', () => {
  it('reads every dtype a static model holds, in place or unaligned', () => {
    const file = safetensorsBytes({
      a: { dtype: 'F32', shape: [2, 2], values: [1.5, -2, 0.25, 3] },
      b: { dtype: 'F16', shape: [3], values: [0.5, -1, 65504] },
      c: { dtype: 'BF16', shape: [2], values: [1, -0.5] },
      d: { dtype: 'I8', shape: [3], values: [-128, 0, 127] },
      e: { dtype: 'I64', shape: [2], values: [7, 123456789] },
      f: { dtype: 'I32', shape: [1], values: [-5] },
    });
    for (const shift of [0, 1]) {
      // The same bytes one past an aligned address: F32 is then read through a DataView.
      const copy = new Uint8Array(file.length + shift).subarray(shift);
      copy.set(file);
      const tensors = readSafetensors(copy);
      const values = (name: string) => {
        const t = tensors.get(name)!;
        return Array.from({ length: t.size }, (_, i) => t.at(i));
      };
      expect(tensors.get('a')!.shape).toEqual([2, 2]);
      expect(values('a')).toEqual([1.5, -2, 0.25, 3]);
      expect(values('b')).toEqual([0.5, -1, 65504]);
      expect(values('c')).toEqual([1, -0.5]);
      expect(values('d')).toEqual([-128, 0, 127]);
      expect(values('e')).toEqual([7, 123456789]);
      expect(values('f')).toEqual([-5]);
      expect(tensors.has('__metadata__')).toBe(false);
    }
  });

  it('decodes half-precision floats, subnormal and infinite ones too', () => {
    expect(halfToNumber(0x3c00)).toBe(1);
    expect(halfToNumber(0xc000)).toBe(-2);
    expect(halfToNumber(0x0001)).toBe(2 ** -24);
    expect(halfToNumber(0x7c00)).toBe(Infinity);
    expect(halfToNumber(0x7e00)).toBeNaN();
    for (const v of [0.1, 0.333, -7.25, 1000]) {
      expect(halfToNumber(numberToHalf(v))).toBeCloseTo(v, 2);
    }
  });

  it('refuses a malformed file with a reason', () => {
    const good = safetensorsBytes({ a: { dtype: 'F32', shape: [2], values: [1, 2] } });
    const header = (json: string) => {
      const bytes = Buffer.from(json);
      const file = new Uint8Array(8 + bytes.length + 8);
      new DataView(file.buffer).setBigUint64(0, BigInt(bytes.length), true);
      file.set(bytes, 8);
      return file;
    };
    const cases: Array<[Uint8Array, RegExp]> = [
      [new Uint8Array(3), /too short/],
      [good.subarray(0, 20), /header longer than file/],
      [header('{not json'), /not JSON/],
      [header('{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}'), /does not match/],
      [header('{"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}'), /does not match/],
      [header('{"a":{"dtype":"C64","shape":[1],"data_offsets":[0,8]}}'), /unsupported dtype/],
      [header('{"a":{"dtype":"F32","shape":"2","data_offsets":[0,8]}}'), /malformed/],
    ];
    for (const [file, reason] of cases) {
      expect(() => readSafetensors(file)).toThrow(SafetensorsError);
      expect(() => readSafetensors(file)).toThrow(reason);
    }
  });
});

describe('a static embedding model in a folder', () => {
  const vectors = {
    food: [1, 0, 0],
    share: [0, 1, 0],
    दान: [0, 0, 1],
    '##ी': [0, 1, 1],
  };

  it('gives a sentence the mean of its known tokens, unknown ones left out', () => {
    const model = StaticEmbeddingModel.load(writeTinyModel(folder(), { vectors }));
    expect(model.dimensions).toBe(3);
    expect(Array.from(model.embed('Food, share!')!)).toEqual(
      unit([1, 1, 0]).map((x) => expect.closeTo(x, 6)),
    );
    // "[UNK]" has a vector of its own (all ones): had it been counted, the direction would move.
    expect(cosine(model.embed('food xyzzy share qwerty')!, model.embed('food share')!)).toBeCloseTo(
      1,
      6,
    );
    // Word pieces: दानी is दान + ##ी.
    expect(model.tokenIds('दानी')).toEqual([3, 4]);
    expect(Array.from(model.embed('दानी')!)).toEqual(
      unit([0, 1, 2]).map((x) => expect.closeTo(x, 6)),
    );
    expect(model.embed('nothing known here')).toBeNull();
    expect(model.embed('')).toBeNull();
  });

  it('reads half-precision, bfloat16 and int8 models in the same directions', () => {
    const full = StaticEmbeddingModel.load(writeTinyModel(folder(), { vectors }));
    for (const dtype of ['F16', 'BF16', 'I8'] as const) {
      const scaled = Object.fromEntries(
        Object.entries(vectors).map(([t, v]) => [t, v.map((x) => (dtype === 'I8' ? x * 100 : x))]),
      );
      const model = StaticEmbeddingModel.load(writeTinyModel(folder(), { vectors: scaled, dtype }));
      for (const text of ['food share', 'दानी', 'share food food']) {
        expect(cosine(model.embed(text)!, full.embed(text)!)).toBeCloseTo(1, 3);
      }
    }
  });

  it("applies Model2Vec's token weights and a quantised vocabulary's mapping", () => {
    const weighted = StaticEmbeddingModel.load(
      writeTinyModel(folder(), { vectors, weights: { food: 3 } }),
    );
    expect(Array.from(weighted.embed('food share')!)).toEqual(
      unit([3, 1, 0]).map((x) => expect.closeTo(x, 6)),
    );
    const shared = { ...vectors, meal: [1, 0, 0] };
    const quantised = StaticEmbeddingModel.load(
      writeTinyModel(folder(), { vectors: shared, quantised: true }),
    );
    const plain = StaticEmbeddingModel.load(writeTinyModel(folder(), { vectors: shared }));
    for (const text of ['meal share', 'दानी food']) {
      expect(cosine(quantised.embed(text)!, plain.embed(text)!)).toBeCloseTo(1, 6);
    }
  });

  it("reads sentence-transformers' StaticEmbedding layout", () => {
    const model = StaticEmbeddingModel.load(
      writeTinyModel(folder(), { vectors, sentenceTransformers: true }),
    );
    expect(cosine(model.embed('share')!, Float32Array.from([0, 1, 0]))).toBeCloseTo(1, 6);
  });

  it('says what is wrong with a folder that holds no readable model', () => {
    expect(() => StaticEmbeddingModel.load(join(root, 'missing'))).toThrow(/does not exist/);
    const empty = folder();
    mkdirSync(empty);
    expect(() => StaticEmbeddingModel.load(empty)).toThrow(/no static embedding model/);

    const broken = writeTinyModel(folder(), { vectors });
    writeFileSync(join(broken, 'model.safetensors'), 'not a tensor file');
    expect(() => StaticEmbeddingModel.load(broken)).toThrow(EmbeddingModelError);

    const short = writeTinyModel(folder(), { vectors });
    writeFileSync(
      join(short, 'model.safetensors'),
      safetensorsBytes({ embeddings: { dtype: 'F32', shape: [2, 3], values: [0, 0, 0, 1, 1, 1] } }),
    );
    expect(() => StaticEmbeddingModel.load(short)).toThrow(/2 vectors for a vocabulary of 5/);

    // A tensor file the server cannot read as a file: said, not thrown as a crash.
    const unreadable = writeTinyModel(folder(), { vectors });
    rmSync(join(unreadable, 'model.safetensors'));
    mkdirSync(join(unreadable, 'model.safetensors'));
    expect(() => StaticEmbeddingModel.load(unreadable)).toThrow(EmbeddingModelError);

    const badTokenizer = writeTinyModel(folder(), { vectors });
    writeFileSync(join(badTokenizer, 'tokenizer.json'), '{');
    expect(() => StaticEmbeddingModel.load(badTokenizer)).toThrow(/tokenizer\.json/);
  });

  it('is configured by CHAT_EMBEDDING_MODEL, checked at boot', () => {
    expect(embeddingSettingsFromEnv({})).toBeNull();
    const dir = writeTinyModel(folder(), { vectors });
    expect(embeddingSettingsFromEnv({ CHAT_EMBEDDING_MODEL: dir })).toEqual({
      dir,
      weight: 0.5,
      weakMatch: 0.5,
    });
    expect(
      embeddingSettingsFromEnv({
        CHAT_EMBEDDING_MODEL: dir,
        CHAT_EMBEDDING_WEIGHT: '0.7',
        CHAT_EMBEDDING_WEAK_MATCH: '0.6',
      }),
    ).toEqual({ dir, weight: 0.7, weakMatch: 0.6 });
    expect(() =>
      embeddingSettingsFromEnv({
        CHAT_EMBEDDING_MODEL: join(root, 'nowhere'),
        CHAT_EMBEDDING_WEIGHT: '2',
        CHAT_EMBEDDING_WEAK_MATCH: 'high',
      }),
    ).toThrow(
      /CHAT_EMBEDDING_MODEL: folder .* does not exist; CHAT_EMBEDDING_WEIGHT must be a number from 0 to 1; CHAT_EMBEDDING_WEAK_MATCH must be/,
    );
  });
});

describe('the blend of the two similarities', () => {
  const model = () =>
    StaticEmbeddingModel.load(
      writeTinyModel(folder(), {
        vectors: { report: [1, 0], delivered: [0, 1], proof: [0.6, 0.8] },
      }),
    );
  const builtIn: TopicRanker = {
    weakMatch: 0.2,
    rank: () => [
      { topic: 'analytics', score: 0.3 },
      { topic: 'receiver_confirm', score: 0.1 },
    ],
  };
  const examples = [
    { topic: 'analytics', text: 'download the report' },
    { topic: 'receiver_confirm', text: 'it was delivered' },
  ];

  it('is the weighted mean of the two cosines, against the mean of the two lines', () => {
    const blend = new BlendedRanker(builtIn, new EmbeddingIndex(model(), examples), 0.75, 0.6);
    expect(blend.weakMatch).toBeCloseTo(0.25 * 0.2 + 0.75 * 0.6, 9);
    const [first, second] = blend.rank('proof', []);
    // "proof" is 0.6 report and 0.8 delivered: weighed at 0.75, the model turns the order around.
    expect(first!.topic).toBe('receiver_confirm');
    expect(first!.score).toBeCloseTo(0.25 * 0.1 + 0.75 * 0.8, 5);
    expect(second!.score).toBeCloseTo(0.25 * 0.3 + 0.75 * 0.6, 5);
  });

  it('leaves a message the model cannot read to the built-in, decision for decision', () => {
    const blend = new BlendedRanker(builtIn, new EmbeddingIndex(model(), examples), 0.5, 0.5);
    const ranked = blend.rank('nothing it knows', []);
    expect(ranked.map((r) => r.topic)).toEqual(['analytics', 'receiver_confirm']);
    // 0.3 clears the built-in's line of 0.2 and 0.1 does not; so against the blend's line.
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(blend.weakMatch);
    expect(ranked[1]!.score).toBeLessThan(blend.weakMatch);
  });
});

describe('the assistant with a deployer model', () => {
  // The model knows "pdf" (in the example questions of the impact report alone) and two words no
  // example or vocabulary entry has, with the same vector: close in meaning, for this model.
  const reportModel = () =>
    writeTinyModel(folder(), {
      vectors: {
        pdf: [1, 0, 0],
        dossier: [1, 0, 0],
        printout: [0.9, 0.1, 0],
        delivered: [0, 1, 0],
      },
    });
  const user = { id: 'x', role: 'restaurant' } as UserRow;
  const context = { db: undefined as never, user };

  it('reads a question in words only the model knows; without it the assistant is unsure', async () => {
    const withModel = new Assistant({
      model: StaticEmbeddingModel.load(reportModel()),
      weight: 0.5,
      weakMatch: 0.5,
    });
    const builtIn = getAssistant();
    expect((await builtIn.reply(context, 'dossier printout?', 'en')).reading.id).toBe('unsure');
    const read = await withModel.reply(context, 'dossier printout?', 'en');
    expect(read.reading.id).toBe('analytics');
    expect(read.reply).toBe(
      (await builtIn.reply(context, 'How do I download the PDF report?', 'en')).reply,
    );
    // What the built-in reads well, it still reads: the model only joins the doubtful cases.
    for (const question of ['How do I donate food?', 'how many tokens do I get per delivery']) {
      expect((await withModel.reply(context, question, 'en')).reading.id).toBe(
        (await builtIn.reply(context, question, 'en')).reading.id,
      );
    }
    // Words neither knows stay "not sure", with suggestions.
    expect((await withModel.reply(context, 'zzqx blorp', 'en')).reading.id).toBe('unsure');
  });

  it('weighs the model by CHAT_EMBEDDING_WEIGHT: at 0 it changes nothing', async () => {
    const silent = new Assistant({
      model: StaticEmbeddingModel.load(reportModel()),
      weight: 0,
      weakMatch: 0.5,
    });
    expect((await silent.reply(context, 'dossier printout?', 'en')).reading.id).toBe('unsure');
  });

  it('answers over HTTP with the model a deployer configured, and without one if it is broken', async () => {
    const dir = reportModel();
    const t = await createChatTestApp({ CHAT_EMBEDDING_MODEL: dir, CHAT_WARM_UP: 'false' });
    try {
      const { client } = await signUp(t.app, 'restaurant');
      const reply = await client.post('/chat', { message: 'dossier printout?', language: 'en' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().reply).toBe(ANSWER_PACKS.en.answers.analytics);
    } finally {
      await t.close();
    }

    // A model file that breaks after the boot check: the assistant still answers, built-in alone.
    const broken = reportModel();
    writeFileSync(join(broken, 'model.safetensors'), 'truncated');
    const b = await createChatTestApp({ CHAT_EMBEDDING_MODEL: broken, CHAT_WARM_UP: 'false' });
    try {
      const { client } = await signUp(b.app, 'restaurant');
      const reply = await client.post('/chat', { message: 'dossier printout?', language: 'en' });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().reply.split('\n')[0]).toBe(ANSWER_PACKS.en.phrases.unsure);
    } finally {
      await b.close();
    }
  });
});
