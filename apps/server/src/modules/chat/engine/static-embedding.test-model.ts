import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds a tiny static embedding model in a folder, in the files Model2Vec saves (or
 * sentence-transformers' StaticEmbedding layout), so the loading code is tested on the real
 * formats: a WordPiece `tokenizer.json` and a `model.safetensors` written byte by byte.
 */

export type TensorDtype = 'F32' | 'F16' | 'BF16' | 'I8' | 'I64' | 'I32';

export interface TensorSpec {
  dtype: TensorDtype;
  shape: number[];
  values: number[];
}

/** A number as IEEE 754 binary16 bits (round to nearest, for the small values tests use). */
export function numberToHalf(value: number): number {
  const f32 = new DataView(new ArrayBuffer(4));
  f32.setFloat32(0, value);
  const bits = f32.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (value === 0) return sign;
  if (exponent <= 0) return sign | Math.round((mantissa | 0x800000) / 2 ** (14 - exponent));
  if (exponent >= 0x1f) return sign | 0x7c00;
  return sign | (exponent << 10) | Math.round(mantissa / 2 ** 13);
}

function encodeValues(spec: TensorSpec): Uint8Array {
  const widths: Record<TensorDtype, number> = { F32: 4, F16: 2, BF16: 2, I8: 1, I64: 8, I32: 4 };
  const out = new DataView(new ArrayBuffer(spec.values.length * widths[spec.dtype]));
  spec.values.forEach((v, i) => {
    if (spec.dtype === 'F32') out.setFloat32(i * 4, v, true);
    else if (spec.dtype === 'F16') out.setUint16(i * 2, numberToHalf(v), true);
    else if (spec.dtype === 'BF16') {
      const f = new DataView(new ArrayBuffer(4));
      f.setFloat32(0, v);
      out.setUint16(i * 2, f.getUint32(0) >>> 16, true);
    } else if (spec.dtype === 'I8') out.setInt8(i, v);
    else if (spec.dtype === 'I32') out.setInt32(i * 4, v, true);
    else out.setBigInt64(i * 8, BigInt(v), true);
  });
  return new Uint8Array(out.buffer);
}

/** The bytes of a safetensors file holding these tensors (header padded to 8 bytes, as written). */
export function safetensorsBytes(tensors: Record<string, TensorSpec>): Uint8Array {
  const header: Record<string, unknown> = { __metadata__: { format: 'pt' } };
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (const [name, spec] of Object.entries(tensors)) {
    const bytes = encodeValues(spec);
    header[name] = {
      dtype: spec.dtype,
      shape: spec.shape,
      data_offsets: [offset, offset + bytes.length],
    };
    parts.push(bytes);
    offset += bytes.length;
  }
  let json = JSON.stringify(header);
  while ((8 + Buffer.byteLength(json)) % 8 !== 0) json += ' ';
  const headerBytes = Buffer.from(json);
  const file = new Uint8Array(8 + headerBytes.length + offset);
  new DataView(file.buffer).setBigUint64(0, BigInt(headerBytes.length), true);
  file.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}

/** A WordPiece tokenizer.json (NFC, lower case, BERT pre-tokenizer; `[UNK]` is id 0). */
export function wordPieceTokenizer(tokens: readonly string[]): Record<string, unknown> {
  const vocab = Object.fromEntries(['[UNK]', ...tokens].map((t, i) => [t, i]));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      {
        id: 0,
        content: '[UNK]',
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      },
    ],
    normalizer: { type: 'Sequence', normalizers: [{ type: 'NFC' }, { type: 'Lowercase' }] },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

export interface TinyModel {
  /** Each token's vector; `[UNK]` gets a vector of its own so dropping it is observable. */
  vectors: Record<string, number[]>;
  dtype?: 'F32' | 'F16' | 'BF16' | 'I8';
  /** Model2Vec's per-token weights. */
  weights?: Record<string, number>;
  /** sentence-transformers' StaticEmbedding layout, under `0_StaticEmbedding/`. */
  sentenceTransformers?: boolean;
  /** Vocabulary-quantised: rows shared by tokens with the same vector, and a `mapping` tensor. */
  quantised?: boolean;
}

/** Writes the model's files into `dir` (created) and returns `dir`. */
export function writeTinyModel(dir: string, model: TinyModel): string {
  const tokens = Object.keys(model.vectors);
  const dims = model.vectors[tokens[0]!]!.length;
  const unk = new Array<number>(dims).fill(1);
  const perId = [unk, ...tokens.map((t) => model.vectors[t]!)];
  let rows = perId;
  let mapping: number[] | undefined;
  if (model.quantised) {
    const distinct = [...new Set(perId.map((v) => v.join(',')))];
    rows = distinct.map((key) => key.split(',').map(Number));
    mapping = perId.map((v) => distinct.indexOf(v.join(',')));
  }
  const tensors: Record<string, TensorSpec> = {
    [model.sentenceTransformers ? 'embedding.weight' : 'embeddings']: {
      dtype: model.dtype ?? 'F32',
      shape: [rows.length, dims],
      values: rows.flat(),
    },
  };
  if (model.weights) {
    const weights = model.weights;
    tensors.weights = {
      dtype: 'F32',
      shape: [perId.length],
      values: [1, ...tokens.map((t) => weights[t] ?? 1)],
    };
  }
  if (mapping) tensors.mapping = { dtype: 'I64', shape: [mapping.length], values: mapping };
  const folder = model.sentenceTransformers ? join(dir, '0_StaticEmbedding') : dir;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'model.safetensors'), safetensorsBytes(tensors));
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(wordPieceTokenizer(tokens)));
  const config = model.sentenceTransformers
    ? { __version__: { sentence_transformers: '5.0.0' } }
    : {
        model_type: 'model2vec',
        architectures: ['StaticModel'],
        normalize: true,
        hidden_dim: dims,
      };
  writeFileSync(
    join(dir, model.sentenceTransformers ? 'config_sentence_transformers.json' : 'config.json'),
    JSON.stringify(config),
  );
  return dir;
}
