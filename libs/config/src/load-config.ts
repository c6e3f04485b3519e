import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads a service's settings from the environment and validates them at boot, so a service
 * fails fast with every problem listed. Messages name the variable, never its value.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** The configuration as it may be logged: secret values replaced by '***'. */
export function redactConfig(
  config: Record<string, unknown>,
  secretKeys: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      secretKeys.includes(key) || /SECRET|PASSWORD|PRIVATE_KEY|TOKEN/i.test(key)
        ? value === undefined
          ? undefined
          : '***'
        : value,
    ]),
  );
}
