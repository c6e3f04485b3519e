// The e2e run's accessibility tally starts empty: each `expectAccessible` call appends a line
// to test-results/axe-checks.jsonl (see src/support/accessibility.ts). Then the run's shared
// stack starts (shared-stack.js).
const { rmSync } = require('node:fs');
const { join } = require('node:path');
const { startSharedStack } = require('./shared-stack');

module.exports = async (globalConfig) => {
  // A second pass of the same run (the journeys on Kafka) adds to the first pass's tally.
  if (process.env.E2E_KEEP_AXE_TALLY !== 'true') {
    rmSync(join(__dirname, '../../test-results/axe-checks.jsonl'), { force: true });
  }
  await startSharedStack(globalConfig);
};
