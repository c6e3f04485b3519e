import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EventDefinition } from './event-catalog';

/** A JSON Schema (draft-07) as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** Words for people, not for validators: they may change without breaking anyone. */
const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'default', 'examples']);

/**
 * The JSON Schema consumers validate an event's data with (input side: a field with a default may
 * be absent). One function for the AsyncAPI document and the published copies.
 */
export function dataJsonSchema(definition: Pick<EventDefinition, 'schema'>): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(definition.schema, {
    target: 'draft-07',
    io: 'input',
  }) as JsonSchema;
  return schema;
}

/**
 * How a schema change would break a consumer of the published version, as sentences; none when it
 * is safe. Safe: a new optional field, and changed annotations. Everything else breaks: a field
 * removed, retyped, made required or optional, a changed enum (a consumer validating against the
 * published schema refuses a new value, and a stored event with a removed one no longer validates
 * here), changed formats, patterns or bounds.
 */
export function breakingChanges(
  published: JsonSchema,
  current: JsonSchema,
  path = 'data',
): string[] {
  const before = withoutAnnotations(published);
  const after = withoutAnnotations(current);
  const changes: string[] = [];

  if (isObjectSchema(before) && isObjectSchema(after)) {
    const beforeProperties = (before.properties ?? {}) as Record<string, JsonSchema>;
    const afterProperties = (after.properties ?? {}) as Record<string, JsonSchema>;
    const beforeRequired = new Set((before.required ?? []) as string[]);
    const afterRequired = new Set((after.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(beforeProperties)) {
      const field = `${path}.${name}`;
      if (!(name in afterProperties)) {
        changes.push(`${field} was removed`);
        continue;
      }
      if (beforeRequired.has(name) && !afterRequired.has(name)) {
        changes.push(`${field} became optional`);
      }
      if (!beforeRequired.has(name) && afterRequired.has(name)) {
        changes.push(`${field} became required`);
      }
      changes.push(...breakingChanges(schema, afterProperties[name], field));
    }
    for (const name of Object.keys(afterProperties)) {
      if (!(name in beforeProperties) && afterRequired.has(name)) {
        changes.push(`${path}.${name} is a new required field`);
      }
    }
    changes.push(...otherKeywordChanges(before, after, path, ['properties', 'required']));
    return changes;
  }

  if (before.items !== undefined && after.items !== undefined) {
    changes.push(
      ...breakingChanges(before.items as JsonSchema, after.items as JsonSchema, `${path}[]`),
    );
    changes.push(...otherKeywordChanges(before, after, path, ['items']));
    return changes;
  }

  if (Array.isArray(before.anyOf) && Array.isArray(after.anyOf)) {
    if (before.anyOf.length !== after.anyOf.length) {
      return [`${path} changed its alternatives`];
    }
    before.anyOf.forEach((option, index) => {
      changes.push(
        ...breakingChanges(option as JsonSchema, (after.anyOf as JsonSchema[])[index], path),
      );
    });
    changes.push(...otherKeywordChanges(before, after, path, ['anyOf']));
    return changes;
  }

  return otherKeywordChanges(before, after, path, []);
}

function otherKeywordChanges(
  before: JsonSchema,
  after: JsonSchema,
  path: string,
  handled: string[],
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const key of keys) {
    if (handled.includes(key)) continue;
    if (!sameJson(before[key], after[key])) {
      changes.push(
        `${path} changed its ${key} from ${describe(before[key])} to ${describe(after[key])}`,
      );
    }
  }
  return changes;
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' && schema.properties !== undefined;
}

function withoutAnnotations(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key)));
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as JsonSchema)
        .filter(([key]) => !ANNOTATIONS.has(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** What the gate found for the whole catalog. */
export interface CatalogCompatibility {
  /** Event versions with no published copy yet: `npm run generate` publishes them. */
  unpublished: string[];
  /** Published copies that differ from the code only in safe ways: `npm run generate` updates them. */
  stale: string[];
  /** Breaking edits of a published version: they need a new version instead. */
  breaking: string[];
}

/** Where the published copy of one version of an event's data schema is kept. */
export function publishedSchemaFile(directory: string, type: string, version: number): string {
  return join(directory, `${type}.v${version}.json`);
}

/**
 * Compares every event of a catalog with its published versions in `directory`: the gate CI runs
 * (`published-schemas.spec.ts`) and the step `npm run generate` takes before writing.
 */
export function checkCatalogCompatibility(
  catalog: Record<string, EventDefinition>,
  directory: string,
): CatalogCompatibility {
  const result: CatalogCompatibility = { unpublished: [], stale: [], breaking: [] };
  for (const [type, definition] of Object.entries(catalog)) {
    for (const { version, schema } of publishedVersions(definition)) {
      const file = publishedSchemaFile(directory, type, version);
      const label = `${type} v${version}`;
      if (!existsSync(file)) {
        result.unpublished.push(label);
        continue;
      }
      const published = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
      const current = dataJsonSchema({ schema });
      const breaking = breakingChanges(published, current);
      if (breaking.length > 0) {
        result.breaking.push(...breaking.map((change) => `${label}: ${change}`));
      } else if (JSON.stringify(published) !== JSON.stringify(current)) {
        result.stale.push(label);
      }
    }
  }
  return result;
}

/** The versions of an event still published: the current one and those in deprecation. */
function publishedVersions(definition: EventDefinition): { version: number; schema: z.ZodType }[] {
  return [
    { version: definition.version, schema: definition.schema },
    ...(definition.earlier ?? []).map(({ version, schema }) => ({ version, schema })),
  ];
}

/**
 * Publishes the catalog's schemas: writes the new versions and the safe changes, refuses (throws,
 * writing nothing) when a published version would break. Earlier versions' files stay as they are.
 */
export function publishCatalogSchemas(
  catalog: Record<string, EventDefinition>,
  directory: string,
): void {
  const { breaking } = checkCatalogCompatibility(catalog, directory);
  if (breaking.length > 0) {
    throw new Error(
      'These edits break a published event version; publish a new version beside it instead:\n' +
        breaking.map((change) => `  - ${change}`).join('\n'),
    );
  }
  mkdirSync(directory, { recursive: true });
  for (const [type, definition] of Object.entries(catalog)) {
    for (const { version, schema } of publishedVersions(definition)) {
      writeFileSync(
        publishedSchemaFile(directory, type, version),
        `${JSON.stringify(dataJsonSchema({ schema }), null, 2)}\n`,
      );
    }
  }
}
