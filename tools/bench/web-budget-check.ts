import { resolve } from 'node:path';
import { formatFigures, loadBudgets, measureAll } from './web-budget';

/**
 * `npm run check:web-budgets`: the JS each route of the built clients loads first, gzipped,
 * against `tools/bench/web-budgets.json`. Reads the build only (run it after `npm run build`);
 * exits 1 when a route is over its budget or the build is missing.
 *
 * Arguments (for tests): the repository root and the budget file.
 */
function main(): void {
  const root = resolve(process.argv[2] ?? resolve(__dirname, '../../../..'));
  const budgetFile = process.argv[3] ?? resolve(root, 'tools/bench/web-budgets.json');
  const figures = measureAll(root, loadBudgets(budgetFile));
  process.stdout.write(`${formatFigures(figures)}\n`);
  const over = figures.filter((figure) => figure.over);
  if (over.length) {
    process.stderr.write(
      `JS budget exceeded: ${over.map((f) => `${f.app} ${f.path}`).join(', ')}\n`,
    );
    process.exitCode = 1;
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
