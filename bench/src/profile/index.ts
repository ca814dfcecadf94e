// The load profile as a module: `npm run bench:profile` runs it long, the server suite's
// load-profile.process.test.ts short (correctness only).
export { prepareDataset, type Dataset } from './dataset.js';
export { checkInvariants, type InvariantCheck } from './invariants.js';
export { renderReport } from './report.js';
export { runProfile, type ProfileResult } from './run.js';
export { startServer, type BenchServer } from '../server-process.js';
export { unexplainedWins, type Rush } from './world.js';
