/** At most `limit` counted events per key within any `windowSeconds`, sliding. */
export interface ThrottleRule {
  /** Names the counter; one rule, one bucket. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** What the caller is told when the limit is reached. */
  message: string;
}

/** Counted events older than this no longer matter. */
export function windowStart(rule: ThrottleRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowSeconds * 1000);
}

/**
 * When one more event will be allowed, given the times of the events counted so far: `now`
 * while fewer than `limit` fall inside the window, else the moment enough of them have left it.
 */
export function nextAllowedAt(rule: ThrottleRule, hits: readonly Date[], now: Date): Date {
  const start = windowStart(rule, now).getTime();
  const inWindow = hits
    .map((hit) => hit.getTime())
    .filter((time) => time > start)
    .sort((a, b) => a - b);
  if (inWindow.length < rule.limit) return now;
  const mustLeave = inWindow[inWindow.length - rule.limit]!;
  return new Date(mustLeave + rule.windowSeconds * 1000);
}

export function isAllowed(rule: ThrottleRule, hits: readonly Date[], now: Date): boolean {
  return nextAllowedAt(rule, hits, now).getTime() <= now.getTime();
}
