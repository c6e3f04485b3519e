// Where a line of a service's bundle comes from: a stack trace names the bundle
// (dist/server/apps/<service>/src/main.js:<line>:<column>); its map beside it, written by
// tools/scripts/bundle-service.mjs, gives the TypeScript file and line, or the package.
//
//   node tools/scripts/source-line.mjs <service> <line>:<column> [<line>:<column> ...]
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

const [service, ...positions] = process.argv.slice(2);
if (!service || positions.length === 0 || positions.some((p) => !/^\d+:\d+$/.test(p))) {
  console.error('usage: node tools/scripts/source-line.mjs <service> <line>:<column> ...');
  process.exit(2);
}
const file = `dist/server/apps/${service}/src/main.js.map`;
const map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
for (const position of positions) {
  const [line, column] = position.split(':').map(Number);
  // Stack traces count from 1; the map from 0.
  const entry = map.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) {
    console.log(`${position}: not in ${file}`);
    continue;
  }
  const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
  console.log(`${position}: ${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
}
