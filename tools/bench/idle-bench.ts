import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { knob, SMOKE, startBenchStack } from './bench-support';

/**
 * `npm run bench:idle`: what the whole stack costs while nobody uses it. Starts the stack (six
 * services, the gateway, embedded Postgres), lets it settle, then samples each process's CPU
 * time (utime + stime from /proc/<pid>/stat; Postgres with every backend and helper of its
 * process tree, and what its exited children used) over the window, and its memory as PSS
 * (/proc/<pid>/smaps_rollup: shared pages counted once across the processes sharing them).
 * Prints a table and the totals; outside the smoke mode it exits non-zero when over budget.
 * Where the CPU goes: each process's wake-ups (context switches of all its threads, per second)
 * and each database's transactions per second (pg_stat_database), so a timer shows by its rate.
 *
 * BENCH_SETTLE_S (60; smoke 3) seconds of settling, BENCH_SECONDS (60; smoke 3) of sampling.
 * Budgets: BENCH_CPU_BUDGET (percent of one core, 2) and BENCH_PSS_BUDGET_MB (1200, 10^6 bytes).
 */
const SETTLE_S = knob('BENCH_SETTLE_S', 60, 3);
const SECONDS = knob('BENCH_SECONDS', 60, 3);
const CPU_BUDGET = knob('BENCH_CPU_BUDGET', 2, 2);
const PSS_BUDGET_MB = knob('BENCH_PSS_BUDGET_MB', 1200, 1200);
/** Clock ticks per second of /proc/<pid>/stat's times (Linux: USER_HZ, 100 everywhere). */
const TICKS = 100;

interface Sample {
  /** CPU seconds so far, user + system. */
  cpu: number;
  /** Context switches so far (voluntary and not), every thread of every process. */
  switches: number;
  /** Bytes. */
  pss: number;
  processes: number;
}

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields start after its closing parenthesis.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // exited meanwhile
  }
}

/** utime + stime (and, with `children`, what its waited-for children used), in seconds. */
function cpuSeconds(pid: number, children: boolean): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  const own = Number(fields[11]) + Number(fields[12]);
  const waited = children ? Number(fields[13]) + Number(fields[14]) : 0;
  return (own + waited) / TICKS;
}

function pssBytes(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Context switches of every thread of `pid` (a wake-up each, near enough, when idle). */
function contextSwitches(pid: number): number {
  let total = 0;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const task of tasks) {
    try {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
      for (const match of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/gm)) {
        total += Number(match[1]);
      }
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Committed and rolled-back transactions so far, per database. */
async function transactions(url: string): Promise<Map<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string; xacts: string }>(
      `SELECT datname, (xact_commit + xact_rollback)::text AS xacts FROM pg_stat_database
        WHERE datname IS NOT NULL AND NOT datname LIKE 'template%'`,
    );
    return new Map(rows.map((row) => [row.datname, Number(row.xacts)]));
  } finally {
    await client.end();
  }
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(statFields(Number(entry))?.[1]);
    if (!Number.isFinite(ppid)) continue;
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** One part of the stack: a Node service (one process) or Postgres (its process tree). */
function sample(pid: number, tree: boolean): Sample {
  const pids = tree ? processTree(pid) : [pid];
  return {
    // The root's exited children count (Postgres' backends that ended during the window).
    cpu: pids.reduce((sum, each) => sum + cpuSeconds(each, tree && each === pid), 0),
    switches: pids.reduce((sum, each) => sum + contextSwitches(each), 0),
    pss: pids.reduce((sum, each) => sum + pssBytes(each), 0),
    processes: pids.length,
  };
}

const mb = (bytes: number) => bytes / 1_000_000;

async function main(): Promise<void> {
  const { stack, stop } = await startBenchStack({ testRoutes: false });
  try {
    const parts: { name: string; pid: number; tree: boolean }[] = [
      ...[...stack.services.values()].map((service) => ({
        name: service.spec.name,
        pid: service.pid as number,
        tree: false,
      })),
      { name: 'postgres', pid: stack.postgresPid as number, tree: true },
    ];
    const missing = parts.filter((part) => !part.pid);
    if (missing.length) throw new Error(`not running: ${missing.map((p) => p.name).join(', ')}`);
    const loadBefore = loadavg();
    await new Promise((done) => setTimeout(done, SETTLE_S * 1000));
    const statsUrl = stack.databaseUrl('postgres');
    const xactsBefore = await transactions(statsUrl);
    const first = parts.map((part) => sample(part.pid, part.tree));
    const t0 = performance.now();
    await new Promise((done) => setTimeout(done, SECONDS * 1000));
    const last = parts.map((part) => sample(part.pid, part.tree));
    const elapsed = (performance.now() - t0) / 1000;
    // After the samples: this reading's own transaction is not in them.
    const xactsAfter = await transactions(statsUrl);
    const loadAfter = loadavg();

    const rows = parts.map((part, i) => ({
      name: part.name,
      processes: last[i]!.processes,
      cpuPercent: (Math.max(0, last[i]!.cpu - first[i]!.cpu) / elapsed) * 100,
      wakeups: Math.max(0, last[i]!.switches - first[i]!.switches) / elapsed,
      pss: last[i]!.pss,
    }));
    const totalCpu = rows.reduce((sum, row) => sum + row.cpuPercent, 0);
    const totalPss = rows.reduce((sum, row) => sum + row.pss, 0);
    const totalWakeups = rows.reduce((sum, row) => sum + row.wakeups, 0);
    const line = (name: string, processes: string, cpu: string, wakeups: string, pss: string) =>
      `${name.padEnd(14)} ${processes.padStart(9)} ${cpu.padStart(14)} ${wakeups.padStart(11)} ${pss.padStart(10)}`;
    const table = [
      line('process', 'processes', 'CPU % of core', 'wake-ups/s', 'PSS MB'),
      ...rows.map((row) =>
        line(
          row.name,
          String(row.processes),
          row.cpuPercent.toFixed(2),
          row.wakeups.toFixed(1),
          mb(row.pss).toFixed(1),
        ),
      ),
      line(
        'total',
        String(rows.reduce((sum, row) => sum + row.processes, 0)),
        totalCpu.toFixed(2),
        totalWakeups.toFixed(1),
        mb(totalPss).toFixed(1),
      ),
    ];
    const xacts = [...xactsAfter]
      .map(([name, count]) => ({ name, rate: (count - (xactsBefore.get(name) ?? 0)) / elapsed }))
      .sort((a, b) => b.rate - a.rate || a.name.localeCompare(b.name))
      .map(({ name, rate }) => `${name} ${rate.toFixed(2)}`);
    const overCpu = totalCpu > CPU_BUDGET;
    const overPss = mb(totalPss) > PSS_BUDGET_MB;
    process.stdout.write(
      `\nidle benchmark (${new Date().toISOString()}, ${cpus().length} cores, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ` +
        `${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; settled ${SETTLE_S} s, sampled ${elapsed.toFixed(1)} s):\n` +
        `${table.join('\n')}\n` +
        `Postgres transactions per second, per database: ${xacts.join(', ')}\n` +
        `budget: CPU <= ${CPU_BUDGET}% of a core (${overCpu ? 'OVER' : 'met'}), ` +
        `PSS <= ${PSS_BUDGET_MB} MB (${overPss ? 'OVER' : 'met'})${SMOKE ? ' [smoke: no verdict]' : ''}\n`,
    );
    if (!SMOKE && (overCpu || overPss)) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
