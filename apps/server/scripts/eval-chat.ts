/**
 * Evaluates the chat assistant's built-in engine: accuracy per language on the evaluation set
 * (target 90% in every group) and reply latency. Exits non-zero when a group misses the target.
 * Run from the repository root: node --import tsx apps/server/scripts/eval-chat.ts
 */
import { formatReport, runEvaluation, TARGET_ACCURACY } from '../src/modules/chat/eval/run.js';

const report = await runEvaluation();
console.log(formatReport(report).join('\n'));
process.exitCode = report.scores.every((s) => s.accuracy >= TARGET_ACCURACY) ? 0 : 1;
