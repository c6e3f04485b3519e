// Adds up Jest's JSON reports into one closing line: "tests: N passed, N failed, N skipped".
// A missing report counts as a failure: a tier that did not run must not look green.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const skippedNames = [];
// How long each report's run took and its slowest files: what CI's lanes are balanced by.
const timings = [];
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
  timings.push(runTiming(file, report));
}
for (const line of timings) console.log(line);
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

/** "time: jest-e2e.json 1234 s, 31 files; slowest: a.e2e-spec.ts 120 s, ..." */
function runTiming(file, report) {
  const seconds = (ms) => `${Math.round(ms / 1000)} s`;
  const suites = report.testResults.filter((suite) => suite.endTime > 0);
  const end = Math.max(report.startTime, ...suites.map((suite) => suite.endTime));
  const slowest = suites
    .map((suite) => ({ name: suite.name.split('/').pop(), ms: suite.endTime - suite.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map(({ name, ms }) => `${name} ${seconds(ms)}`);
  return (
    `time: ${file.split('/').pop()} ${seconds(end - report.startTime)}, ${suites.length} files` +
    (slowest.length ? `; slowest: ${slowest.join(', ')}` : '')
  );
}
