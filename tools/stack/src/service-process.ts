import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { INSTANCE_HEADER } from '@jibs/observability';

export interface ServiceSpec {
  name: string;
  entry: string;
  port: number;
  env: NodeJS.ProcessEnv;
  /** V8 flags before the entry (see SUBGRAPH_NODE_FLAGS). */
  nodeFlags?: readonly string[];
}

export type LogSink = (service: string, line: string) => void;

const READY_TIMEOUT_MS = 60_000;

/**
 * V8 flags of the six subgraph services: a young generation of at most 2 x 2 MB semi-spaces.
 * V8 grows it to 2 x 16 MB during start-up and keeps it until the idle memory reducer runs, so
 * a freshly started stack held about 450 MB more (bench:idle 3 s after start: 1,478 MB PSS;
 * 1,026 MB with every service, the gateway too, at 2 MB); the cost is more frequent scavenges
 * under load. The gateway keeps V8's
 * default (its request path is the throughput benchmarks'). JIBS_NODE_FLAGS replaces the flags
 * of every service (benchmarks compare settings with it).
 */
export const SUBGRAPH_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/**
 * Node flags of every service, whatever JIBS_NODE_FLAGS says (the Dockerfile's CMD has the same):
 * kafkajs arms a timer with a negative delay when a request's deadline has already passed
 * (tulios/kafkajs#1751), which Node runs at once as kafkajs means but reports with a warning
 * per process that says nothing to an operator.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = [
  '--disable-warning=TimeoutNegativeWarning',
  '--enable-source-maps',
];

function nodeFlags(spec: ServiceSpec): string[] {
  const flags = process.env.JIBS_NODE_FLAGS;
  if (flags !== undefined) return flags.split(/\s+/).filter(Boolean);
  return [...(spec.nodeFlags ?? [])];
}

export class ServiceProcess {
  private child?: ChildProcess;
  private exit?: Promise<string>;
  /** This start's token (see INSTANCE_HEADER in libs/observability). */
  private instance = '';

  constructor(
    readonly spec: ServiceSpec,
    private readonly log: LogSink,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.spec.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    // Its own process group: a Ctrl-C in the terminal reaches the launcher only, which stops
    // the services in order; JIBS_PARENT_PID makes a service stop if the launcher vanishes,
    // which it hears as the end of its stdin (a pipe this process holds and never writes).
    // A token only this start knows: its readiness answer carries it (INSTANCE_HEADER), so an
    // answer from another process on the same port (a parallel run that took it) is not ours.
    this.instance = randomUUID();
    const child = spawn(
      process.execPath,
      [...nodeFlags(this.spec), ...SERVICE_NODE_FLAGS, this.spec.entry],
      {
        env: {
          ...this.spec.env,
          PORT: String(this.spec.port),
          JIBS_PARENT_PID: String(process.pid),
          JIBS_PARENT_PIPE: 'stdin',
          JIBS_INSTANCE: this.instance,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      },
    );
    this.child = child;
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => this.log(this.spec.name, line));
    }
    await this.waitReady();
  }

  /** The running process's id (tests of the launcher kill it as a crash would). */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /** Resolves when the process started last exits, with how (`code 1`, `SIGKILL`). */
  exited(): Promise<string> {
    return this.exit ?? Promise.resolve('never started');
  }

  /** Polls /health/ready; fails early if the process exits. */
  async waitReady(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running)
        throw new Error(`${this.spec.name} exited before it was ready (see its log above)`);
      try {
        const res = await fetch(`${this.url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
        const instance = res.headers.get(INSTANCE_HEADER);
        // Absent: a build from before the token (BENCH_STACK_ROOT); another: not this process.
        if (res.ok && (instance === null || instance === this.instance)) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`${this.spec.name} was not ready within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL, as a crash would (tests of what survives one); resolves once it has exited. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGKILL');
    await this.exit;
  }

  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exit;
    clearTimeout(timer);
  }
}
