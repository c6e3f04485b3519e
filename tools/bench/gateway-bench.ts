import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { decodeJwt, importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { freeLocalPort } from '@jibs/config';
import { GATEWAY_SECRET_HEADER, gatewayHeaders } from '@jibs/subgraph';
import { performance } from 'node:perf_hooks';
import {
  BackgroundLoad,
  backgroundLoadCount,
  describeError,
  graphql,
  knob,
  type LoadPhase,
  markRegistrationPaid,
  signUpBenchMember,
  SMOKE,
  startBenchStack,
  type LoadResult,
} from './bench-support';

/**
 * `npm run bench:gateway`: what the gateway's hop costs. One interleaved run (each round visits
 * every target in turn, so a drift of the machine's load hits all of them alike) of
 *
 * - `me` (one subgraph: identity) and a dashboard query over four subgraphs (identity,
 *   billing, cases, documents),
 * - sent straight to identity (the one-subgraph query only), through our gateway (the stack's,
 *   with all its middleware), through stock `@apollo/gateway` (ApolloServer + ApolloGateway on
 *   the same committed supergraph, nothing else), and through Hive Gateway with the Rust query
 *   planner (`@graphql-hive/router-runtime`, same supergraph),
 *
 * each request with its own freshly minted access token (so nothing can be shared between
 * requests), in-flight deduplication off everywhere, at a fixed concurrency after a warm-up.
 * The stock and Hive gateways run in their own processes, as ours does.
 *
 * `--profile` (or `BENCH_PROFILE=<dir>`): after the warm-up, each gateway process is profiled
 * in turn (its inspector opened with SIGUSR1, the V8 sampling profiler driven over the Chrome
 * DevTools Protocol) while `BENCH_PROFILE_CALLS` `me` calls go through it alone; the
 * `.cpuprofile` files are written to the directory (default `$TMPDIR/gateway-profile`) and the
 * heaviest functions and packages by self time are printed, in shares and per call. Then identity
 * is profiled the same way behind each gateway and called directly, so what a gateway costs its
 * subgraph shows. `BENCH_ROUNDS=0` skips the rounds.
 *
 * `--load=N` (or `BENCH_LOAD=N`): every round runs each target twice, once quiet and once with N
 * busy-loop processes beside it (started and stopped by the bench, the order alternating with
 * the round), and both phases' figures are printed.
 *
 * `BENCH_BASELINE_GATEWAY=<another build's dist/server/apps/gateway/src/main.js>`: that build of
 * our gateway runs beside the stack's, with the same environment (read from the stack gateway's
 * process) on ports of its own, and is measured in the same interleaved rounds: a before/after
 * comparison that a drift of the host's load cannot skew. `BENCH_BASELINE_NODE_ARGS` gives that
 * process Node options of its own (to try a runtime setting against the stack's gateway).
 */
const CONCURRENCY = knob('BENCH_CONCURRENCY', 16, 4);
const ROUNDS = knob('BENCH_ROUNDS', 8, 1);
const PER_ROUND = knob('BENCH_CALLS_PER_ROUND', 250, 10);
const WARM_UP = knob('BENCH_WARM_UP', 300, 5);
const USERS = SMOKE ? 2 : 8;
const PROFILE_DIR =
  process.env.BENCH_PROFILE ??
  (process.argv.includes('--profile') ? join(tmpdir(), 'gateway-profile') : undefined);
const BASELINE_GATEWAY = process.env.BENCH_BASELINE_GATEWAY;
/** Node options for the baseline's process only (`BENCH_BASELINE_NODE_ARGS`, space-separated). */
const BASELINE_NODE_ARGS = (process.env.BENCH_BASELINE_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PROFILE_CALLS = knob('BENCH_PROFILE_CALLS', 4000, 50);
/** Where a process opens its inspector on SIGUSR1 (Node's default). */
const INSPECTOR = 'http://127.0.0.1:9229';

const ME = 'query Me { me { id email firstName role } }';
const FOUR = `query Dashboard {
  me { id email firstName role }
  myMembership { status registrationFeePaid missedPayments }
  myDeathReportCounts { total pending }
  myDocuments { id fileName status }
}`;

type Engine = 'apollo' | 'hive';

interface ServeOptions {
  supergraphSdl: string;
  urls: Record<string, string>;
  gatewaySecret: string;
}

/** The supergraph with each subgraph's URL replaced by where it runs now. */
function withUrls(sdl: string, urls: Record<string, string>): string {
  return sdl.replace(
    /@join__graph\(name: "([^"]+)", url: "[^"]*"\)/g,
    (_match, name: string) => `@join__graph(name: "${name}", url: "${urls[name]}")`,
  );
}

/** Stock Apollo Gateway: ApolloServer's standalone server, no plugin or middleware of ours. */
async function serveApollo(options: ServeOptions): Promise<number> {
  const { ApolloGateway, RemoteGraphQLDataSource } = await import('@apollo/gateway');
  const { ApolloServer } = await import('@apollo/server');
  const { startStandaloneServer } = await import('@apollo/server/standalone');
  const gateway = new ApolloGateway({
    supergraphSdl: withUrls(options.supergraphSdl, options.urls),
    buildService: ({ url }) =>
      new RemoteGraphQLDataSource<{ authorization?: string }>({
        url,
        // The least a gateway must do here: the subgraphs answer only with the credential.
        willSendRequest: ({ request, context }) => {
          request.http?.headers.set(GATEWAY_SECRET_HEADER, options.gatewaySecret);
          if (context.authorization) {
            request.http?.headers.set('authorization', context.authorization);
          }
        },
      }),
  });
  const server = new ApolloServer<{ authorization?: string }>({ gateway });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: '127.0.0.1' },
    context: async ({ req }) => ({ authorization: req.headers.authorization }),
  });
  return Number(new URL(url).port);
}

/** Hive Gateway's runtime with the router runtime's Rust query planner. */
async function serveHive(options: ServeOptions): Promise<number> {
  const { createGatewayRuntime } = await import('@graphql-hive/gateway-runtime');
  const { unifiedGraphHandler } = await import('@graphql-hive/router-runtime');
  const gateway = createGatewayRuntime({
    supergraph: withUrls(options.supergraphSdl, options.urls),
    unifiedGraphHandler,
    logging: false,
    graphiql: false,
    landingPage: false,
    transportEntries: { '*.http': { options: { deduplicateInflightRequests: false } } },
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({
        [GATEWAY_SECRET_HEADER]: options.gatewaySecret,
        authorization: request.headers.get('authorization'),
      }),
    },
  });
  const server = createServer(gateway);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Child mode: one comparison gateway, its port printed on stdout. */
async function serve(engine: Engine): Promise<void> {
  const options = JSON.parse(process.env.BENCH_GATEWAY_OPTIONS ?? '{}') as ServeOptions;
  // The bench stops it with SIGTERM (Hive's server alone would outlive that), and it never
  // outlives the bench.
  process.once('SIGTERM', () => process.exit(0));
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      process.exit(0);
    }
  }, 1_000).unref();
  const port = engine === 'apollo' ? await serveApollo(options) : await serveHive(options);
  process.stdout.write(`listening ${port}\n`);
}

async function startEngine(
  engine: Engine,
  options: ServeOptions,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [__filename, 'serve', engine], {
    env: {
      PATH: process.env.PATH,
      // As the stack runs ours.
      NODE_ENV: 'development',
      BENCH_GATEWAY_OPTIONS: JSON.stringify(options),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${engine} gateway exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) done(Number(match[1]));
    });
  });
  child.removeAllListeners('exit');
  return { url: `http://127.0.0.1:${port}/graphql`, child };
}

/**
 * Another build of our gateway (`entry`, its main.js) with the stack gateway's environment
 * (process `pid`'s) on free ports, started as the stack starts services; resolves once ready.
 */
async function startBaselineGateway(
  entry: string,
  pid: number,
): Promise<{ url: string; child: ChildProcess }> {
  const env = Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const port = await freeLocalPort();
  const child = spawn(process.execPath, ['--enable-source-maps', ...BASELINE_NODE_ARGS, entry], {
    env: { ...env, PORT: String(port), METRICS_PORT: String(await freeLocalPort([port])) },
    // The stack's environment says the gateway hears its parent go as the end of its stdin
    // (JIBS_PARENT_PIPE): a pipe this process holds, never writes and closes by exiting.
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the baseline gateway exited (${child.exitCode})`);
    if (attempt > 300) throw new Error('the baseline gateway was not ready within 30 s');
    const ready = await fetch(`${url}/health/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) return { url: `${url}/graphql`, child };
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Where the run is, on stderr (the figures go to stdout). */
function progress(line: string): void {
  process.stderr.write(`[gateway-bench] ${line}\n`);
}

/** Every failed call's cause, with how many failed so: printed with the figures. */
const failures = new Map<string, number>();
function failed(cause: string): void {
  const key = cause.slice(0, 240);
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

/** `total` calls by `concurrency` workers; each call's latency is pushed to `latencies`. */
async function runLoad(
  total: number,
  concurrency: number,
  call: (i: number) => Promise<boolean>,
  latencies: number[] = [],
): Promise<LoadResult> {
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const ok = await call(i).catch((error: unknown) => {
          failed(describeError(error));
          return false;
        });
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  return { count: total, errors, seconds: (performance.now() - started) / 1000, p50: 0, p99: 0 };
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux): what a process costs per
 * request, which unlike throughput hardly depends on what else the host is running.
 */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

/** The stack's process for `service` (started by this process: JIBS_PARENT_PID). */
function stackPid(service: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(`apps/${service}/src/main.js`)) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`JIBS_PARENT_PID=${process.pid}`)) return Number(entry);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return undefined;
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function devtools(
  webSocketUrl: string,
): Promise<{ send(method: string, params?: object): Promise<unknown>; close(): void }> {
  const socket = new WebSocket(webSocketUrl);
  await new Promise<void>((done, fail) => {
    socket.addEventListener('open', () => done(), { once: true });
    socket.addEventListener('error', () => fail(new Error(`cannot open ${webSocketUrl}`)), {
      once: true,
    });
  });
  let nextId = 0;
  const waiting = new Map<number, { done(result: unknown): void; fail(error: Error): void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id!);
    if (message.error) call.fail(new Error(message.error.message));
    else call.done(message.result);
  });
  // Closing the inspector (the last call) ends the socket without an answer.
  socket.addEventListener('close', () => {
    for (const call of waiting.values()) call.fail(new Error('the inspector closed'));
    waiting.clear();
  });
  return {
    send: (method, params = {}) =>
      new Promise((done, fail) => {
        nextId += 1;
        waiting.set(nextId, { done, fail });
        socket.send(JSON.stringify({ id: nextId, method, params }));
      }),
    close: () => socket.close(),
  };
}

/**
 * Profiles process `pid` (whose main script's path contains `script`) while `during` runs: its
 * inspector is opened with SIGUSR1 and closed again afterwards.
 */
async function cpuProfile(
  pid: number,
  script: string,
  during: () => Promise<unknown>,
): Promise<CpuProfile> {
  process.kill(pid, 'SIGUSR1');
  let target: { url: string; webSocketDebuggerUrl: string } | undefined;
  for (let attempt = 0; !target; attempt += 1) {
    if (attempt > 50) throw new Error(`no inspector at ${INSPECTOR} for process ${pid}`);
    await new Promise((done) => setTimeout(done, 100));
    const list = (await fetch(`${INSPECTOR}/json/list`)
      .then((res) => res.json())
      .catch(() => [])) as { url: string; webSocketDebuggerUrl: string }[];
    target = list.find((entry) => entry.url.includes(script));
  }
  const session = await devtools(target.webSocketDebuggerUrl);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    await during();
    const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
    return profile;
  } finally {
    // Frees port 9229 for the next process.
    await session
      .send('Runtime.evaluate', {
        expression: "process.getBuiltinModule('node:inspector').close()",
      })
      .catch(() => undefined);
    session.close();
  }
}

/** The heaviest functions and packages by self time, as lines of text. */
function summariseProfile(profile: CpuProfile, calls: number, top = 30): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((node, i) => {
    byNode.set(node, (byNode.get(node) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  const total = [...byNode.values()].reduce((sum, t) => sum + t, 0);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const node of profile.nodes) {
    const self = byNode.get(node.id) ?? 0;
    if (!self) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|dist\/server)\//, '');
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + self);
    const pkg = !url
      ? functionName
      : url.startsWith('node:')
        ? 'node:' + url.slice(5).split('/')[0]
        : (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
          /dist\/server\/((apps|libs)\/[^/]+)/.exec(url)?.[1] ??
          url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + self);
  }
  // Per call as well as in shares: two processes' profiles (identity behind one gateway and
  // behind another) compare by what each call cost them, not by proportions.
  const list = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([name, t]) =>
          `  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${(t / calls).toFixed(1).padStart(6)} µs/call  ${name}`,
      );
  const busy = total - (packages.get('(idle)') ?? 0);
  return [
    `self time by package (${(total / 1e6).toFixed(2)} s sampled, ${(busy / calls / 1000).toFixed(3)} ms busy per call):`,
    ...list(packages, 20),
    'self time by function:',
    ...list(functions, top),
  ];
}

interface Target {
  label: string;
  /** The process whose CPU per request is reported: the gateway (or identity, direct). */
  pid?: number;
  query: string;
  url: string;
  headers: Record<string, string>;
}

function merge(results: LoadResult[], latencies: number[][]): LoadResult & { rate: number } {
  const all = latencies.flat().sort((a, b) => a - b);
  const count = results.reduce((sum, r) => sum + r.count, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  const at = (p: number) => all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)]!;
  return {
    count,
    seconds,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    p50: at(50),
    p99: at(99),
    rate: count / seconds,
  };
}

type PhaseResults = {
  runs: LoadResult[];
  latencies: number[][];
  cpu: number;
  subgraphCpu: number;
}[];

/** One phase's figures: a line per target, then the ratios. */
function figures(targets: Target[], results: PhaseResults, baseline?: string): string[] {
  const merged = results.map(({ runs, latencies }) => merge(runs, latencies));
  const rate = (label: string) => merged[targets.findIndex((t) => t.label === label)]!.rate;
  const p99 = (label: string) => merged[targets.findIndex((t) => t.label === label)]!.p99;
  const cpuPerCall = (i: number) => (results[i]!.cpu * 1000) / merged[i]!.count;
  const subgraphCpuPerCall = (i: number) => (results[i]!.subgraphCpu * 1000) / merged[i]!.count;
  const lines = targets.map((target, i) => {
    const r = merged[i]!;
    return `${target.label.padEnd(40)} ${r.rate.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  CPU ${cpuPerCall(i).toFixed(2).padStart(5)} ms/call, subgraphs ${subgraphCpuPerCall(i).toFixed(2).padStart(5)}${r.errors ? `  ${r.errors} ERRORS` : ''}`;
  });
  const ratio = (a: string, b: string) => (rate(a) / rate(b)).toFixed(2);
  const tail = (a: string, b: string) => (p99(a) / p99(b)).toFixed(2);
  const [ours, stock, hive] = [
    'via our gateway',
    'via stock Apollo Gateway',
    'via Hive Gateway (router-runtime)',
  ];
  lines.push(
    '',
    `me:  ours/direct ${ratio(`me  ${ours}`, 'me  straight to identity')}x, ours/stock Apollo ${ratio(`me  ${ours}`, `me  ${stock}`)}x, ours/Hive ${ratio(`me  ${ours}`, `me  ${hive}`)}x, Hive/direct ${ratio(`me  ${hive}`, 'me  straight to identity')}x; p99 ours/stock Apollo ${tail(`me  ${ours}`, `me  ${stock}`)}x, ours/Hive ${tail(`me  ${ours}`, `me  ${hive}`)}x`,
    `4sg: ours/stock Apollo ${ratio(`4sg ${ours}`, `4sg ${stock}`)}x, ours/Hive ${ratio(`4sg ${ours}`, `4sg ${hive}`)}x; p99 ours/stock Apollo ${tail(`4sg ${ours}`, `4sg ${stock}`)}x, ours/Hive ${tail(`4sg ${ours}`, `4sg ${hive}`)}x`,
    "CPU ms/call: that of the gateway process (straight to identity: identity's), user + system; subgraphs: that of all six subgraph processes together.",
  );
  if (baseline) {
    lines.push(
      `ours/baseline build (${baseline}): me ${ratio(`me  ${ours}`, 'me  via baseline build of ours')}x, 4sg ${ratio(`4sg ${ours}`, '4sg via baseline build of ours')}x; p99 me ${tail(`me  ${ours}`, 'me  via baseline build of ours')}x, 4sg ${tail(`4sg ${ours}`, '4sg via baseline build of ours')}x; baseline/direct me ${ratio('me  via baseline build of ours', 'me  straight to identity')}x, baseline/stock Apollo me ${ratio('me  via baseline build of ours', `me  ${stock}`)}x, baseline/Hive me ${ratio('me  via baseline build of ours', `me  ${hive}`)}x`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const background = new BackgroundLoad(backgroundLoadCount());
  const { stack, stop } = await startBenchStack();
  const children: ChildProcess[] = [];
  try {
    const secrets = JSON.parse(
      readFileSync(join(stack.options.dataDir, 'secrets.json'), 'utf8'),
    ) as { gatewaySecret: string; jwtPrivateKey: string };
    const subgraphs = ['identity', 'notifications', 'billing', 'cases', 'documents', 'memorials'];
    const urls = Object.fromEntries(
      subgraphs.map((name) => [name, `${stack.service(name as 'identity').url}/graphql`]),
    );
    const supergraphSdl = readFileSync(
      resolve(stack.options.root, 'apps/gateway/supergraph.graphql'),
      'utf8',
    );
    const ours = `${stack.gatewayUrl}/graphql`;
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const email = `gateway-bench-${i}-${Date.now()}@example.com`;
        const member = await signUpBenchMember(stack.gatewayUrl, stack.mailboxUrl, email);
        // The four-subgraph query asks cases and documents, which answer a paid member only.
        await markRegistrationPaid(stack, member.id);
        return decodeJwt(member.accessToken);
      }),
    );
    progress('starting the stock Apollo and Hive gateways');
    const apollo = await startEngine('apollo', {
      supergraphSdl,
      urls,
      gatewaySecret: secrets.gatewaySecret,
    });
    children.push(apollo.child);
    const hive = await startEngine('hive', {
      supergraphSdl,
      urls,
      gatewaySecret: secrets.gatewaySecret,
    });
    children.push(hive.child);

    // Real access tokens, as identity signs them (same key, claims and header), one per request.
    const key: CryptoKey = await importPKCS8(secrets.jwtPrivateKey, 'ES256');
    const kid = (
      (await (await fetch(`${stack.service('identity').url}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      }
    ).keys[0]!.kid;
    let minted = 0;
    const mint = async (): Promise<string> => {
      const claims = users[minted % USERS]!;
      minted += 1;
      return new SignJWT({
        role: claims['role'],
        email: claims['email'],
        ...(claims['sid'] ? { sid: claims['sid'] } : {}),
        ...(claims['email_verified'] !== undefined
          ? { email_verified: claims['email_verified'] }
          : {}),
        jti: `bench-${minted}`,
      })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
        .setSubject(String(claims.sub))
        .setIssuer(String(claims.iss))
        .setAudience(claims.aud as string)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(key);
    };

    const asGateway = gatewayHeaders(secrets.gatewaySecret, '127.0.0.1');
    const [identityPid, oursPid] = [stackPid('identity'), stackPid('gateway')];
    const [apolloPid, hivePid] = [apollo.child.pid, hive.child.pid];
    // What a call costs the subgraphs too: a gateway that sends them more work shows here.
    const subgraphPids = subgraphs.map(stackPid);
    const subgraphsCpu = () => subgraphPids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0);
    let baseline: { url: string; child: ChildProcess } | undefined;
    if (BASELINE_GATEWAY) {
      if (!oursPid)
        throw new Error("no stack gateway process to copy the baseline's settings from");
      progress(`starting the baseline gateway ${BASELINE_GATEWAY}`);
      baseline = await startBaselineGateway(BASELINE_GATEWAY, oursPid);
      children.push(baseline.child);
    }
    const targets: Target[] = [
      {
        label: 'me  straight to identity',
        query: ME,
        url: urls['identity']!,
        headers: asGateway,
        pid: identityPid,
      },
      { label: 'me  via our gateway', query: ME, url: ours, headers: {}, pid: oursPid },
      {
        label: 'me  via stock Apollo Gateway',
        query: ME,
        url: apollo.url,
        headers: {},
        pid: apolloPid,
      },
      {
        label: 'me  via Hive Gateway (router-runtime)',
        query: ME,
        url: hive.url,
        headers: {},
        pid: hivePid,
      },
      { label: '4sg via our gateway', query: FOUR, url: ours, headers: {}, pid: oursPid },
      {
        label: '4sg via stock Apollo Gateway',
        query: FOUR,
        url: apollo.url,
        headers: {},
        pid: apolloPid,
      },
      {
        label: '4sg via Hive Gateway (router-runtime)',
        query: FOUR,
        url: hive.url,
        headers: {},
        pid: hivePid,
      },
    ];
    if (baseline) {
      const pid = baseline.child.pid;
      targets.splice(2, 0, {
        label: 'me  via baseline build of ours',
        query: ME,
        url: baseline.url,
        headers: {},
        pid,
      });
      targets.splice(targets.findIndex((t) => t.label === '4sg via our gateway') + 1, 0, {
        label: '4sg via baseline build of ours',
        query: FOUR,
        url: baseline.url,
        headers: {},
        pid,
      });
    }
    const load = async (target: Target, total: number, latencies?: number[]) => {
      const tokens = await Promise.all(Array.from({ length: total }, mint));
      return runLoad(
        total,
        CONCURRENCY,
        async (i) => {
          const result = await graphql(
            target.url,
            target.query,
            undefined,
            tokens[i],
            target.headers,
          );
          if (!result.errors) return true;
          failed(`${target.label}: ${JSON.stringify(result.errors).slice(0, 200)}`);
          return false;
        },
        latencies,
      );
    };
    // Check each answers correctly once, then warm up (connections, JIT, plan caches).
    for (const target of targets) {
      const result = await graphql(
        target.url,
        target.query,
        undefined,
        await mint(),
        target.headers,
      );
      if (result.errors || !result.data) {
        throw new Error(`${target.label}: ${JSON.stringify(result.errors)}`);
      }
      progress(`warming up: ${target.label}`);
      await load(target, WARM_UP);
    }
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      const profiled = [
        { name: 'ours', pid: oursPid, script: 'apps/gateway/src/main.js', target: targets[1]! },
        {
          name: 'stock',
          pid: apolloPid,
          script: 'gateway-bench.js',
          target: targets.find((t) => t.label === 'me  via stock Apollo Gateway')!,
        },
        ...(baseline && BASELINE_GATEWAY
          ? [
              {
                name: 'baseline',
                pid: baseline.child.pid,
                script: BASELINE_GATEWAY,
                target: targets.find((t) => t.label === 'me  via baseline build of ours')!,
              },
            ]
          : []),
      ];
      // The subgraph's side of the same calls: identity behind each gateway in turn, so a
      // gateway that makes its subgraphs work harder (what it forwards, how it connects) shows.
      const identityScript = 'apps/identity/src/main.js';
      for (const [name, label] of [
        ['identity-direct', 'me  straight to identity'],
        ['identity-via-ours', 'me  via our gateway'],
        ['identity-via-stock', 'me  via stock Apollo Gateway'],
        ['identity-via-hive', 'me  via Hive Gateway (router-runtime)'],
      ] as const) {
        profiled.push({
          name,
          pid: identityPid,
          script: identityScript,
          target: targets.find((t) => t.label === label)!,
        });
      }
      for (const { name, pid, script, target } of profiled) {
        if (!pid) throw new Error(`no process to profile for ${name}`);
        progress(`profiling ${target.label}`);
        let result: LoadResult | undefined;
        const profile = await cpuProfile(pid, script, async () => {
          result = await load(target, PROFILE_CALLS);
        });
        const file = join(PROFILE_DIR, `${name}-me.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        process.stdout.write(
          `\nprofile of ${target.label} (${PROFILE_CALLS} calls, ${(PROFILE_CALLS / result!.seconds).toFixed(0)}/s while profiled), ${file}:\n${summariseProfile(profile, PROFILE_CALLS).join('\n')}\n`,
        );
      }
      if (!ROUNDS) return;
    }
    const phaseResults = (): PhaseResults =>
      targets.map(() => ({ runs: [], latencies: [], cpu: 0, subgraphCpu: 0 }));
    const byPhase: Record<LoadPhase, PhaseResults> = {
      quiet: phaseResults(),
      loaded: phaseResults(),
    };
    const loadsAt: Record<LoadPhase, number[]> = { quiet: [], loaded: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const phase of background.phases(round)) {
        await background.set(phase);
        const results = byPhase[phase];
        // Rotate the starting target each round so none is always first after a pause.
        for (let k = 0; k < targets.length; k += 1) {
          const index = (k + round) % targets.length;
          const latencies: number[] = [];
          const cpuBefore = cpuSeconds(targets[index]!.pid);
          const subgraphsBefore = subgraphsCpu();
          results[index]!.runs.push(await load(targets[index]!, PER_ROUND, latencies));
          results[index]!.cpu += cpuSeconds(targets[index]!.pid) - cpuBefore;
          results[index]!.subgraphCpu += subgraphsCpu() - subgraphsBefore;
          results[index]!.latencies.push(latencies);
        }
        loadsAt[phase].push(loadavg()[0]!);
      }
    }
    await background.stop();
    const phases: LoadPhase[] = background.processes ? ['quiet', 'loaded'] : ['quiet'];
    const report = phases.map((phase) => ({
      phase,
      lines: figures(targets, byPhase[phase], BASELINE_GATEWAY),
      errors: byPhase[phase].some((r) => r.runs.some((run) => run.errors)),
      load: loadsAt[phase],
    }));
    process.stdout.write(
      `\ngateway benchmark (${new Date().toISOString()}, ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} at the end, concurrency ${CONCURRENCY}, ${ROUNDS} interleaved rounds of ${PER_ROUND} calls per target and phase, one fresh token per call; ${background.describe()}):\n` +
        report
          .map(
            ({ phase, lines, load }) =>
              `\n${phase.toUpperCase()} (1-minute load average after each of its rounds: ${load.map((l) => l.toFixed(1)).join(', ')}):\n${lines.join('\n')}\n`,
          )
          .join(''),
    );
    if (failures.size) {
      process.stdout.write(
        `\nfailed calls, by cause:\n${[...failures].map(([cause, n]) => `  ${n} x ${cause}`).join('\n')}\n`,
      );
    }
    if (report.some((r) => r.errors)) process.exitCode = 1;
  } finally {
    await background.stop();
    for (const child of children) child.kill('SIGTERM');
    await stop();
  }
}

if (process.argv[2] === 'serve') {
  serve(process.argv[3] as Engine).catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
