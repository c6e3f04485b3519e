// Ends the e2e run: stops the shared stack (shared-stack.js), then prints the number of pages
// and dialogs axe checked (`npm test`'s summary prints it again beside the test counts).
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { stopSharedStack } = require('./shared-stack');

module.exports = async () => {
  await stopSharedStack();
  const file = join(__dirname, '../../test-results/axe-checks.jsonl');
  const checks = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const blocking = checks.reduce((sum, check) => sum + check.blocking, 0);
  console.log(
    `\naxe: ${checks.length} pages and dialogs checked, ${blocking} critical or serious violations`,
  );
};
