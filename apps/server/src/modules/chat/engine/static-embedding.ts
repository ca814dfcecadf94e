import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { readSafetensors, type Tensor } from './safetensors.js';

/**
 * A deployer's multilingual sentence-embedding model, read from a local folder (decision 0073).
 * The kind read is a static embedding model, the format of Model2Vec (for example
 * `minishlab/potion-multilingual-128M`, 101 languages, all eight of ours) and of
 * sentence-transformers' `StaticEmbedding`: a tokenizer (`tokenizer.json`) and one vector per
 * token (`model.safetensors`). A sentence's vector is the mean of its tokens' vectors, so it
 * runs in a millisecond on the server's CPU with no native runtime, and nothing is fetched: the
 * folder is all there is.
 *
 * Layouts read, as Model2Vec reads them:
 * - `config.json`, `model.safetensors` (tensor `embeddings`), `tokenizer.json`;
 * - `config_sentence_transformers.json`, `model.safetensors` (tensor `embedding.weight`),
 *   `tokenizer.json`, at the top or under `0_StaticEmbedding/`.
 * Optional tensors, as Model2Vec writes them: `weights` (one per token, multiplying its vector)
 * and `mapping` (token id to row, for a vocabulary-quantised model).
 */

/** Longest message read, in tokens (Model2Vec's default). */
const MAX_TOKENS = 512;

export class EmbeddingModelError extends Error {
  override readonly name = 'EmbeddingModelError';
}

interface Layout {
  tensors: string;
  tokenizer: string;
  config: string;
  embeddingName: string;
}

function layoutsOf(dir: string): Layout[] {
  return [
    {
      config: join(dir, 'config.json'),
      tensors: join(dir, 'model.safetensors'),
      tokenizer: join(dir, 'tokenizer.json'),
      embeddingName: 'embeddings',
    },
    {
      config: join(dir, 'config_sentence_transformers.json'),
      tensors: join(dir, 'model.safetensors'),
      tokenizer: join(dir, 'tokenizer.json'),
      embeddingName: 'embedding.weight',
    },
    {
      config: join(dir, 'config_sentence_transformers.json'),
      tensors: join(dir, '0_StaticEmbedding', 'model.safetensors'),
      tokenizer: join(dir, '0_StaticEmbedding', 'tokenizer.json'),
      embeddingName: 'embedding.weight',
    },
  ];
}

/** The layout a folder holds, or a sentence saying what is missing (for the config check). */
export function findModelLayout(dir: string): Layout | string {
  if (!existsSync(dir)) return `folder ${dir} does not exist`;
  const layout = layoutsOf(dir).find(
    (l) => existsSync(l.config) && existsSync(l.tensors) && existsSync(l.tokenizer),
  );
  return (
    layout ??
    `no static embedding model in ${dir} (expected config.json, model.safetensors and tokenizer.json, as Model2Vec saves them)`
  );
}

function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new EmbeddingModelError(`${path}: ${(error as Error).message}`);
  }
}

export class StaticEmbeddingModel {
  /** Length of every vector. */
  readonly dimensions: number;
  private readonly rows: number;
  private readonly tokenizer: Tokenizer;
  private readonly unknownId: number | undefined;

  private constructor(
    tokenizer: Tokenizer,
    private readonly embeddings: Tensor,
    private readonly weights: Tensor | undefined,
    private readonly mapping: Tensor | undefined,
  ) {
    this.tokenizer = tokenizer;
    this.dimensions = embeddings.shape[1]!;
    this.rows = embeddings.shape[0]!;
    this.unknownId = tokenizer.model?.unk_token_id;
  }

  /** Reads the model in `dir`. Throws EmbeddingModelError saying what is wrong with it. */
  static load(dir: string): StaticEmbeddingModel {
    const layout = findModelLayout(dir);
    if (typeof layout === 'string') throw new EmbeddingModelError(layout);
    readJson(layout.config); // must be JSON; nothing in it changes how a sentence is read
    const tokenizerConfigPath = join(dir, 'tokenizer_config.json');
    const tokenizerConfig = existsSync(tokenizerConfigPath) ? readJson(tokenizerConfigPath) : {};
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(readJson(layout.tokenizer), tokenizerConfig);
    } catch (error) {
      throw new EmbeddingModelError(`${layout.tokenizer}: ${(error as Error).message}`);
    }
    let tensors: Map<string, Tensor>;
    try {
      tensors = readSafetensors(readFileSync(layout.tensors));
    } catch (error) {
      // A malformed file or one the server may not read (EACCES, EISDIR): said, never a crash.
      throw new EmbeddingModelError(`${layout.tensors}: ${(error as Error).message}`);
    }
    const embeddings = tensors.get(layout.embeddingName);
    if (!embeddings || embeddings.shape.length !== 2 || embeddings.shape[1] === 0) {
      throw new EmbeddingModelError(
        `${layout.tensors}: no two-dimensional tensor "${layout.embeddingName}"`,
      );
    }
    const rows = embeddings.shape[0]!;
    const vocabulary = tokenizer.model?.vocab.length ?? 0;
    const mapping = tensors.get('mapping');
    const weights = tensors.get('weights');
    if (!mapping && rows < vocabulary) {
      throw new EmbeddingModelError(
        `${layout.tensors}: ${rows} vectors for a vocabulary of ${vocabulary} tokens`,
      );
    }
    if (mapping && mapping.size < vocabulary) {
      throw new EmbeddingModelError(`${layout.tensors}: mapping shorter than the vocabulary`);
    }
    if (weights && weights.size < vocabulary) {
      throw new EmbeddingModelError(`${layout.tensors}: weights shorter than the vocabulary`);
    }
    return new StaticEmbeddingModel(tokenizer, embeddings, weights, mapping);
  }

  /** Token ids of a text: no special tokens, unknown tokens left out (as Model2Vec does). */
  tokenIds(text: string): number[] {
    const ids = this.tokenizer.encode(text, { add_special_tokens: false }).ids;
    return ids.filter((id) => id !== this.unknownId).slice(0, MAX_TOKENS);
  }

  /**
   * The text's vector, scaled to length 1 (so a dot product is the cosine), or null when none of
   * its tokens is known to the model.
   */
  embed(text: string): Float32Array | null {
    const ids = this.tokenIds(text);
    if (ids.length === 0) return null;
    const d = this.dimensions;
    const sum = new Float32Array(d);
    for (const id of ids) {
      const row = this.mapping ? this.mapping.at(id) : id;
      if (row < 0 || row >= this.rows) continue; // a token the tensor has no row for
      const weight = this.weights ? this.weights.at(id) : 1;
      const base = row * d;
      for (let j = 0; j < d; j++) sum[j]! += this.embeddings.at(base + j) * weight;
    }
    // The mean's direction is the sum's: scaling to length 1 is all the cosine needs.
    let norm = 0;
    for (let j = 0; j < d; j++) norm += sum[j]! * sum[j]!;
    if (norm === 0 || !Number.isFinite(norm)) return null;
    const length = Math.sqrt(norm);
    for (let j = 0; j < d; j++) sum[j]! /= length;
    return sum;
  }
}
