import { z } from 'zod';
import { envSchemaShape } from './env-schema-shape';

declare module 'zod' {
  interface GlobalMeta {
    /** Set by `secret()`: the variable is a credential (kept by `.min()` and other checks). */
    secret?: boolean;
  }
}

/**
 * Marks a variable of an env schema as a credential, or as a value that carries one (a URL with
 * a password): the one place a secret is named. Its value is masked in logged configuration,
 * and the deployment files take it from a Secret (Kubernetes) or a required `${VARIABLE}`
 * (compose), never from a committed value. Wrap the variable's own schema:
 * `secret(z.string().min(16))`, then `.optional()` or `.default()` as needed.
 */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ ...schema.meta(), secret: true }) as T;
}

interface WrapperDef {
  innerType?: z.ZodType;
  in?: z.ZodType;
}

/** Whether one variable's schema is marked, at any layer (optional, default, pipe, transform). */
export function isSecretSchema(schema: z.ZodType): boolean {
  let current: z.ZodType | undefined = schema;
  while (current) {
    if (z.globalRegistry.get(current)?.secret === true) return true;
    const def: WrapperDef = (current as unknown as { _zod: { def: WrapperDef } })._zod.def;
    current = def.innerType ?? def.in;
  }
  return false;
}

/** The variables of an env schema marked with `secret()`, in the schema's order. */
export function secretKeys(schema: z.ZodType): string[] {
  return Object.entries(envSchemaShape(schema))
    .filter(([, variable]) => isSecretSchema(variable))
    .map(([key]) => key);
}
