/**
 * Evaluates the chat assistant's built-in engine: accuracy per language on the evaluation set
 * (target 90% in every group) and reply latency. Exits non-zero when a group misses the target.
 * Run from the repository root: node --import tsx apps/server/scripts/eval-chat.ts
 * (`npm run eval:chat` runs the same evaluation from src/modules/chat/eval/run.ts).
 */
import { main } from '../src/modules/chat/eval/run.js';

await main();
