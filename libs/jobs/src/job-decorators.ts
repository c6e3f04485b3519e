export interface RecurringOptions {
  /** When it runs: a cron expression (five fields, minute precision), in UTC. */
  cron: string;
  /** How long one run may take before it counts as dead and is tried again (default 15 min). */
  expireInSeconds?: number;
}

export interface JobDeclaration {
  kind: 'recurring' | 'one-off';
  /** The queue's name, unique in the service (`<service>.<what>` by convention). */
  name: string;
  method: string | symbol;
  cron?: string;
  expireInSeconds?: number;
}

const JOBS = Symbol('jibs:jobs');

type WithJobs = { [JOBS]?: JobDeclaration[] };

function declare(target: object, declaration: JobDeclaration): void {
  const owner = target as WithJobs;
  // Own copy per class, so a subclass adds to its parent's list without changing it.
  const inherited = owner[JOBS] ?? [];
  Object.defineProperty(owner, JOBS, {
    value: [...inherited, declaration],
    configurable: true,
    enumerable: false,
  });
}

/**
 * Runs the method on `options.cron`, once across every replica of the service: the job
 * library keeps the schedule and the runs in the service's database, sends one job per cron
 * slot and lets one replica take it. A run that throws, or whose replica stops, is tried again.
 */
export function Recurring(name: string, options: RecurringOptions) {
  return <M extends () => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => declare(target, { kind: 'recurring', name, method, ...options });
}

/**
 * Runs the method for each job sent to `name` with `Jobs.send` (by any replica), once per job;
 * a job that throws is tried again.
 */
export function JobHandler(name: string) {
  return <M extends (data: never) => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => declare(target, { kind: 'one-off', name, method });
}

/** The job declarations of an instance's class (and its parents). */
export function jobsOf(instance: object): JobDeclaration[] {
  return (instance as WithJobs)[JOBS] ?? [];
}
