// Adds up Jest's JSON reports into one closing line: "tests: N passed, N failed, N skipped".
// A missing report counts as a failure: a tier that did not run must not look green.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const skippedNames = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing report ${file}: that tier did not finish`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      if (test.status === 'pending' || test.status === 'skipped') skippedNames.push(test.fullName);
    }
  }
}
for (const name of skippedNames) console.log(`skipped: ${name}`);
// The e2e tier's accessibility gate (apps/e2e/src/support/accessibility.ts): one line per check.
const axeFile = join(dirname(process.argv[2] ?? 'test-results/x'), 'axe-checks.jsonl');
if (existsSync(axeFile)) {
  const checks = readFileSync(axeFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const blocking = checks.reduce((sum, check) => sum + check.blocking, 0);
  console.log(
    `axe: ${checks.length} pages and dialogs checked, ${blocking} critical or serious violations`,
  );
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
