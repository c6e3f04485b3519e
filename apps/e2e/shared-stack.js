// One stack for every e2e file that may share it (startE2eStack({ shared: true })): started by
// the run's globalSetup from the built dist/ (@jibs/stack startTestStack, as startE2eStack starts
// a file's own), stopped by
// its globalTeardown. Tests run in another module registry, so what they need to reach it
// (ports, database address, first admin, S3 keys, each service's port and env) goes to a JSON
// file in its data directory, named by E2E_SHARED_STACK_FILE. E2E_SHARED_STACK=0: no shared
// stack, every file starts its own.
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '../..');
const built = join(root, 'dist/server/tools/stack/src/index.js');
// globalSetup and globalTeardown share globals (not always a module registry).
const RUNNING = Symbol.for('jibs.e2e.sharedStack');

/**
 * Whether a file this run will open asks for the shared stack: every file when the run names
 * none, else those its arguments match (as jest matches them, by regular expression).
 */
function runWantsIt(globalConfig) {
  const folder = join(__dirname, 'src');
  const sharing = readdirSync(folder)
    .filter((name) => name.endsWith('.e2e-spec.ts'))
    .map((name) => join(folder, name))
    .filter((file) => /startE2eStack\(\{[^}]*shared: true/.test(readFileSync(file, 'utf8')));
  const named = globalConfig?.nonFlagArgs ?? [];
  if (named.length === 0) return sharing.length > 0;
  return sharing.some((file) => named.some((arg) => new RegExp(arg).test(file)));
}

async function startSharedStack(globalConfig) {
  if (process.env.E2E_SHARED_STACK === '0' || !runWantsIt(globalConfig)) return;
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  const { startTestStack } = require(built);
  let started;
  try {
    started = await startTestStack({
      root,
      dataDirPrefix: 'jibs-e2e-shared-',
      logLevel: process.env.E2E_LOG_LEVEL,
      // Every file's sign-ups come from this machine's one address: identity's hourly limit per
      // address (30) is for an office, not a whole run. No file on this stack tests that limit.
      serviceEnv: { SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000' },
    });
  } catch (error) {
    throw new Error(`shared e2e stack: ${error.message}`);
  }
  const { stack, dataDir } = started;
  // Everything but the log function, which stays with this process.
  const options = { ...stack.options, log: undefined };
  const file = join(dataDir, 'shared-stack.json');
  writeFileSync(
    file,
    JSON.stringify({
      options,
      postgresUrl: stack.databaseUrl('postgres'),
      adminEmail: stack.adminEmail,
      generatedAdminPassword: stack.generatedAdminPassword,
      s3Credentials: stack.s3Credentials,
      services: [...stack.services.values()].map(({ spec }) => ({
        name: spec.name,
        port: spec.port,
        env: spec.env,
      })),
    }),
    { mode: 0o600 },
  );
  process.env.E2E_SHARED_STACK_FILE = file;
  globalThis[RUNNING] = started;
}

async function stopSharedStack() {
  const running = globalThis[RUNNING];
  if (!running) return;
  globalThis[RUNNING] = undefined;
  delete process.env.E2E_SHARED_STACK_FILE;
  await running.stop();
}

module.exports = { startSharedStack, stopSharedStack };
