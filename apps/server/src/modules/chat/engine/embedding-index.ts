import { rankReadings, type Example, type Similar } from './similarity.js';
import type { StaticEmbeddingModel } from './static-embedding.js';
import type { Lang } from './types.js';

/** Ranks topics by how close their example questions are to a message. */
export interface TopicRanker {
  /** Topics, best first, each with the score of its closest example. */
  rank(text: string, langs: readonly Lang[]): Similar[];
  /** Below this score the closest topic is a guess (suggestions instead of an answer). */
  readonly weakMatch: number;
}

/** How a deployer's embedding model joins the built-in similarity (decision 0073). */
export interface EmbeddingBlend {
  model: StaticEmbeddingModel;
  /** Share of the model's cosine in a topic's score, 0..1 (the built-in has the rest). */
  weight: number;
  /** The model's own line between a match and a guess, as a cosine. */
  weakMatch: number;
}

/**
 * Every example question's vector from the deployer's model, and cosine similarity of a message
 * against them, best per topic. A message in Latin letters is also read transliterated into the
 * scripts of `langs`, as the built-in index reads it: a model trained on Devanagari text may
 * know "खाना" better than "khana".
 */
export class EmbeddingIndex {
  private readonly vectors: Float32Array[] = [];
  private readonly topics: string[] = [];

  constructor(
    private readonly model: StaticEmbeddingModel,
    examples: readonly Example[],
  ) {
    for (const example of examples) {
      const vector = model.embed(example.text);
      if (!vector) continue; // no token the model knows: the example cannot be compared
      this.vectors.push(vector);
      this.topics.push(example.topic);
    }
  }

  /** How many examples the model could read (the rest are all unknown tokens to it). */
  get size(): number {
    return this.vectors.length;
  }

  private scoreText(text: string, best: Map<string, number>): void {
    const query = this.model.embed(text);
    if (!query) return;
    const d = query.length;
    this.vectors.forEach((vector, doc) => {
      let dot = 0;
      for (let j = 0; j < d; j++) dot += query[j]! * vector[j]!;
      const topic = this.topics[doc]!;
      if (dot > (best.get(topic) ?? 0)) best.set(topic, dot);
    });
  }

  rank(text: string, langs: readonly Lang[] = []): Similar[] {
    return rankReadings(text, langs, (reading, best) => this.scoreText(reading, best));
  }
}

/**
 * The built-in similarity and the deployer's model together: a topic's score is the weighted
 * mean of its two cosines, and the line between a match and a guess is the same mean of each
 * method's own line. A topic only one method sees counts 0 in the other; a message the model
 * cannot read at all is left to the built-in.
 */
export class BlendedRanker implements TopicRanker {
  readonly weakMatch: number;

  constructor(
    private readonly builtIn: TopicRanker,
    private readonly model: EmbeddingIndex,
    private readonly weight: number,
    modelWeakMatch: number,
  ) {
    this.weakMatch = (1 - weight) * builtIn.weakMatch + weight * modelWeakMatch;
  }

  rank(text: string, langs: readonly Lang[]): Similar[] {
    const builtIn = this.builtIn.rank(text, langs);
    const model = this.model.rank(text, langs);
    if (model.length === 0) {
      // The model knows none of the message's tokens: the built-in decides alone, its scores
      // scaled so that its own line falls on the blend's.
      const scale = this.weakMatch / this.builtIn.weakMatch;
      return builtIn.map(({ topic, score }) => ({ topic, score: score * scale }));
    }
    const scores = new Map<string, number>();
    for (const { topic, score } of builtIn) scores.set(topic, (1 - this.weight) * score);
    for (const { topic, score } of model) {
      scores.set(topic, (scores.get(topic) ?? 0) + this.weight * Math.max(0, score));
    }
    return [...scores]
      .map(([topic, score]) => ({ topic, score }))
      .sort((a, b) => b.score - a.score);
  }
}
