const LEVEL_COLOURS: Record<string, string> = { error: '31', fatal: '31', warn: '33' };

/** A service's JSON log line as one short readable line, prefixed with the service name. */
export function formatLogLine(service: string, line: string): string {
  let text = line;
  let level = 'info';
  try {
    const entry = JSON.parse(line) as { level?: string; msg?: string; err?: { message?: string } };
    level = entry.level ?? level;
    text = `${entry.msg ?? ''}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
  } catch {
    // not JSON: print as it is
  }
  const colour = LEVEL_COLOURS[level];
  const prefix = `[${service}]`.padEnd(16);
  return colour && process.stdout.isTTY
    ? `\u001b[${colour}m${prefix}${text}\u001b[0m\n`
    : `${prefix}${text}\n`;
}
