import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validates Kubernetes objects against the Kubernetes OpenAPI definitions vendored in
 * tools/deploy/schemas/kubernetes/definitions.json (from the npm packages kubernetes-models and
 * @kubernetes-models/apimachinery; see tools/deploy/schemas/README.md).
 *
 * The definitions are made strict before use: an object schema that lists its properties gets
 * `additionalProperties: false`, so a misspelt or misplaced field fails here as it would with
 * `kubectl apply` (strict field validation) instead of being silently dropped.
 */

interface VendoredDefinitions {
  source: { packages: string[] };
  kinds: Record<string, string>;
  definitions: Record<string, unknown>;
}

const SCHEMA_FILE = join(__dirname, '..', 'schemas', 'kubernetes', 'definitions.json');

/** apimachinery's resource.Quantity grammar (k8s.io/apimachinery/pkg/api/resource). */
const QUANTITY = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[KMGTPE]i|[numkMGTPE]|[eE][+-]?\d+)?$/;

function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([name, property]) => [
              name,
              strict(property),
            ]),
          )
        : strict(value);
  }
  if ('properties' in copy && !('additionalProperties' in copy))
    copy['additionalProperties'] = false;
  return copy;
}

export interface KubernetesValidator {
  /** The npm packages the definitions came from. */
  sources: string[];
  /** `apiVersion/kind` values there is a schema for. */
  kinds: string[];
  /** The problems with `object`, empty when it is valid. */
  validate(object: { apiVersion?: unknown; kind?: unknown }): string[];
}

export function createKubernetesValidator(): KubernetesValidator {
  const vendored = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as VendoredDefinitions;
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv);
  ajv.addFormat('quantity', { type: 'string', validate: QUANTITY });
  for (const [id, schema] of Object.entries(vendored.definitions)) {
    ajv.addSchema(strict(schema) as object, id);
  }
  const validators = new Map<string, ValidateFunction>();
  for (const [kind, id] of Object.entries(vendored.kinds)) {
    const validator = ajv.getSchema(id);
    if (!validator) throw new Error(`no definition ${id} for ${kind}`);
    validators.set(kind, validator);
  }

  return {
    sources: vendored.source.packages,
    kinds: [...validators.keys()],
    validate(object) {
      const kind = `${String(object.apiVersion)}/${String(object.kind)}`;
      const validator = validators.get(kind);
      if (!validator) {
        return [
          `no schema for ${kind}: add it to tools/deploy/scripts/vendor-kubernetes-schemas.ts`,
        ];
      }
      if (validator(object)) return [];
      return (validator.errors ?? [])
        .filter((error) => error.keyword !== 'oneOf' && !error.schemaPath.endsWith('/1/type'))
        .map((error) => {
          const extra =
            error.keyword === 'additionalProperties'
              ? ` (${String(error.params['additionalProperty'])})`
              : '';
          return `${error.instancePath || '/'} ${error.message ?? error.keyword}${extra}`;
        });
    },
  };
}
