import { z } from 'zod';
import { secretKeys } from './secrets';

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

/**
 * The configuration as it may be logged: the values of the variables its env schema marks with
 * `secret()` replaced by '***' (a list of names is taken for a schema's `secretKeys()`). Names
 * that look secret are masked too, as a safety net for a variable someone forgot to mark.
 */
export function redactConfig(
  config: Record<string, unknown>,
  secrets: z.ZodType | readonly string[],
): Record<string, unknown> {
  const masked: readonly string[] = Array.isArray(secrets)
    ? secrets
    : secretKeys(secrets as z.ZodType);
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      masked.includes(key) || /SECRET|PASSWORD|PRIVATE_KEY|TOKEN/i.test(key)
        ? value === undefined
          ? undefined
          : '***'
        : value,
    ]),
  );
}
