import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceDescriptors } from '@jibs/stack';
import { renderDeployment, staleFiles } from './render';

/**
 * `npm run generate` (from the built dist/): writes the deployment files rendered from the
 * service definitions. `--check`: writes nothing, lists what differs, exits 1 on any drift.
 */
const say = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const root = process.cwd();
  const check = process.argv.includes('--check');
  const files = await renderDeployment({ root, services: serviceDescriptors() });
  const changed = files.filter((file) => {
    let current: string | undefined;
    try {
      current = readFileSync(join(root, file.path), 'utf8');
    } catch {
      current = undefined;
    }
    return current !== file.content;
  });
  const stale = staleFiles(root, files);
  if (check) {
    for (const file of changed) say(`deploy: ${file.path} differs from its rendering`);
    for (const path of stale) say(`deploy: ${path} belongs to no service`);
    if (changed.length || stale.length) {
      say('deploy: run `npm run generate` and commit the result');
      process.exitCode = 1;
    }
    return;
  }
  for (const file of changed) {
    writeFileSync(join(root, file.path), file.content);
    say(`deploy: wrote ${file.path}`);
  }
  for (const path of stale) {
    rmSync(join(root, path));
    say(`deploy: removed ${path}`);
  }
}

main().catch((error: unknown) => {
  say(`deploy: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
