import { findModelLayout } from './engine/static-embedding.js';

/** Where a deployer's sentence-embedding model lives and how much it counts (decision 0073). */
export interface EmbeddingSettings {
  /** A local folder holding a static embedding model (Model2Vec or StaticEmbedding layout). */
  dir: string;
  /** Share of the model's cosine in a topic's score, 0..1. */
  weight: number;
  /** The model's line between a match and a guess, as a cosine. */
  weakMatch: number;
}

export const DEFAULT_EMBEDDING_WEIGHT = 0.5;
/**
 * Static embedding models put unrelated sentences at a cosine of 0.2-0.4 (shared frequent
 * tokens), paraphrases higher; a deployer measures their model with
 * `npm run eval:chat -- --embedding-model <folder>` and sets CHAT_EMBEDDING_WEAK_MATCH.
 */
export const DEFAULT_EMBEDDING_WEAK_MATCH = 0.5;

function fraction(raw: string | undefined, name: string, fallback: number, problems: string[]) {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    problems.push(`${name} must be a number from 0 to 1`);
    return fallback;
  }
  return value;
}

/**
 * Reads CHAT_EMBEDDING_MODEL (a folder), CHAT_EMBEDDING_WEIGHT and CHAT_EMBEDDING_WEAK_MATCH.
 * No folder: the built-in similarity alone. A folder without a model, or a bad number, stops the
 * server at boot, saying why; the model itself is read when the assistant is built.
 */
export function embeddingSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): EmbeddingSettings | null {
  const dir = env.CHAT_EMBEDDING_MODEL?.trim();
  if (!dir) return null;
  const problems: string[] = [];
  const layout = findModelLayout(dir);
  if (typeof layout === 'string') problems.push(`CHAT_EMBEDDING_MODEL: ${layout}`);
  const weight = fraction(
    env.CHAT_EMBEDDING_WEIGHT,
    'CHAT_EMBEDDING_WEIGHT',
    DEFAULT_EMBEDDING_WEIGHT,
    problems,
  );
  const weakMatch = fraction(
    env.CHAT_EMBEDDING_WEAK_MATCH,
    'CHAT_EMBEDDING_WEAK_MATCH',
    DEFAULT_EMBEDDING_WEAK_MATCH,
    problems,
  );
  if (problems.length > 0) {
    throw new Error(`Invalid chat embedding configuration: ${problems.join('; ')}`);
  }
  return { dir, weight, weakMatch };
}
