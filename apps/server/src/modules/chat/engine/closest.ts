import {
  BlendedRanker,
  EmbeddingIndex,
  type EmbeddingBlend,
  type TopicRanker,
} from './embedding-index.js';
import { SimilarityIndex, type Example } from './similarity.js';
import {
  DATA_INTENTS,
  KNOWLEDGE_IDS,
  TALK_INTENTS,
  type DataIntent,
  type KnowledgeId,
  type Lang,
  type QuestionPack,
  type TalkIntent,
  type Understanding,
} from './types.js';

/**
 * Below this cosine similarity the closest example is a guess: the assistant offers the three
 * closest topics instead of answering (decision 0057, chosen by measurement on the development
 * sets: 0.15-0.2 read the most questions right, 0.35 already lost two points on development 4).
 */
export const WEAK_MATCH = 0.2;
/** How many topics a weak match offers. */
export const SUGGESTED_TOPICS = 3;

const isKnowledge = (topic: string): topic is KnowledgeId =>
  (KNOWLEDGE_IDS as readonly string[]).includes(topic);
const isData = (topic: string): topic is DataIntent =>
  (DATA_INTENTS as readonly string[]).includes(topic);
const isTalk = (topic: string): topic is TalkIntent =>
  (TALK_INTENTS as readonly string[]).includes(topic);

/**
 * The reading of a message the rules and the word search could not settle (`unsure`, or two
 * topics equally close: `clarify`): the topic whose example questions are closest, when close
 * enough; otherwise the rules' own doubt, with the three closest topics as suggestions.
 */
export function readByClosest(
  ranker: TopicRanker,
  text: string,
  langs: readonly Lang[],
  doubt: Understanding,
): Understanding {
  const ranked = ranker.rank(text, langs);
  const top = ranked[0];
  if (top && top.score >= ranker.weakMatch) {
    if (isKnowledge(top.topic)) return { kind: 'knowledge', id: top.topic, score: top.score };
    if (isData(top.topic)) return { kind: 'data', id: top.topic, slots: {} };
    if (isTalk(top.topic) && top.topic !== 'refuse_other_user') {
      return { kind: 'talk', id: top.topic };
    }
  }
  if (doubt.kind === 'clarify') return doubt;
  const candidates = ranked
    .map((r) => r.topic)
    .filter((t): t is KnowledgeId | DataIntent => isKnowledge(t) || isData(t))
    .slice(0, SUGGESTED_TOPICS);
  return { kind: 'unsure', id: 'unsure', candidates };
}

/**
 * The similarity over the knowledge files' sample questions and the example files: the built-in
 * index, joined by the deployer's embedding model when one is configured.
 */
export function similarityIndex(
  questions: readonly QuestionPack[],
  examples: readonly Example[],
  embedding?: EmbeddingBlend,
): TopicRanker {
  const all = [
    ...questions.flatMap((pack) =>
      [...Object.entries(pack.knowledge), ...Object.entries(pack.intents)].flatMap(
        ([topic, list]) => list.map((text) => ({ topic, text })),
      ),
    ),
    ...examples,
  ];
  const index = new SimilarityIndex(all);
  const builtIn: TopicRanker = {
    rank: (text, langs) => index.rank(text, langs),
    weakMatch: WEAK_MATCH,
  };
  if (!embedding) return builtIn;
  return new BlendedRanker(
    builtIn,
    new EmbeddingIndex(embedding.model, all),
    embedding.weight,
    embedding.weakMatch,
  );
}
