import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * Reads docker-compose.yml the way `docker compose config` does before it validates: YAML with
 * merge keys (`<<`) resolved, then `${VAR}` interpolation, then the Compose Specification JSON
 * Schema (vendored in tools/deploy/schemas/compose-spec.json; see tools/deploy/schemas/README.md).
 */

const SCHEMA_FILE = join(__dirname, '..', 'schemas', 'compose-spec.json');

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string } | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  secrets?: (string | { source: string })[];
  ports?: (string | number | Record<string, unknown>)[];
  restart?: string;
  volumes?: (string | Record<string, unknown>)[];
  [key: string]: unknown;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string; environment?: string }>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface VariableUse {
  name: string;
  /** `${VAR:-x}` / `${VAR-x}`: a default; `${VAR:?msg}` / `${VAR?msg}`: required. */
  kind: 'plain' | 'default' | 'required';
}

/** `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `$NAME`. */
const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

function interpolateString(
  text: string,
  env: Record<string, string>,
  uses: VariableUse[],
  where: string,
): string {
  // `$$` is a literal dollar; split on it so it never starts a variable.
  return text
    .split('$$')
    .map((part) =>
      part.replace(
        VARIABLE,
        (_match, braced?: string, operator?: string, argument?: string, bare?: string) => {
          const name = (braced ?? bare) as string;
          const value = env[name];
          if (!operator) {
            uses.push({ name, kind: 'plain' });
            return value ?? '';
          }
          const emptyCounts = operator.startsWith(':');
          const missing = value === undefined || (emptyCounts && value === '');
          if (operator.endsWith('-')) {
            uses.push({ name, kind: 'default' });
            return missing ? (argument ?? '') : value;
          }
          uses.push({ name, kind: 'required' });
          if (missing)
            throw new Error(`${where}: required variable ${name} is missing (${argument})`);
          return value;
        },
      ),
    )
    .join('$');
}

function interpolate(
  node: unknown,
  env: Record<string, string>,
  uses: VariableUse[],
  where: string,
): unknown {
  if (typeof node === 'string') return interpolateString(node, env, uses, where);
  if (Array.isArray(node)) return node.map((item) => interpolate(item, env, uses, where));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        interpolate(value, env, uses, `${where}.${key}`),
      ]),
    );
  }
  return node;
}

/** The YAML of the compose file with merge keys resolved, before interpolation. */
export function readComposeYaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'), { merge: true });
}

/** The compose file interpolated with `env`, plus every variable it refers to. */
export function loadComposeFile(
  file: string,
  env: Record<string, string>,
): { compose: ComposeFile; variables: VariableUse[] } {
  const variables: VariableUse[] = [];
  const compose = interpolate(
    readComposeYaml(file),
    env,
    variables,
    'docker-compose.yml',
  ) as ComposeFile;
  return { compose, variables };
}

/** KEY=value lines of an env file (compose's .env syntax, without multi-line values). */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not a KEY=value line: ${line}`);
    const value = match[2];
    const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
    env[match[1]] = quoted ? quoted[1] : value;
  }
  return env;
}

let composeValidator: ValidateFunction | undefined;

function compileComposeSchema(): ValidateFunction {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  // The spec names its meta-schema by a URL Ajv does not know under that spelling; it is draft-07.
  delete schema['$schema'];
  // strictTypes is off: the spec leaves `type` implicit beside some keywords, which is valid JSON Schema.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  return ajv.compile(schema);
}

/** Problems with `compose` according to the Compose Specification schema; empty when valid. */
export function validateCompose(compose: unknown): string[] {
  composeValidator ??= compileComposeSchema();
  if (composeValidator(compose)) return [];
  return (composeValidator.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  );
}
