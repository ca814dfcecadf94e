// A vitest reporter for long runs (`npm run test:flakes`): prints each failed test with its
// first message line and the test file's line it stopped at the moment it fails, and each file with its time when it ends, so a run
// that is stopped part-way still says what failed and where the time went.
import path from 'node:path';

const root = process.cwd();

export default class AsTheyCome {
  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const message = String(result.errors?.[0]?.message ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 240);
    const file = path.relative(root, testCase.module.moduleId);
    // Which wait it was: the first frame of the stack in a test file, then one in the helpers.
    const stack = String(result.errors?.[0]?.stack ?? '').split('\n');
    const at = (part) =>
      stack
        .find((line) => line.includes(part))
        ?.trim()
        .replace(`${root}/`, '');
    const where = [at('/e2e/tests/'), at('/e2e/support/')].filter(Boolean).join(' ');
    console.log(
      `[failed] ${file} > ${testCase.fullName}: ${message ?? ''}${where ? ` | ${where}` : ''}`,
    );
  }

  onTestModuleEnd(testModule) {
    const seconds = (testModule.diagnostic().duration / 1000).toFixed(1);
    const state = testModule.state();
    console.log(`[file] ${path.relative(root, testModule.moduleId)}: ${state}, ${seconds} s`);
  }
}
