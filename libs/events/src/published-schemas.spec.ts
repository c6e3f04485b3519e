import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { EventCatalog, defineEvent, type EventDefinition } from './event-catalog';
import {
  breakingChanges,
  checkCatalogCompatibility,
  dataJsonSchema,
  publishCatalogSchemas,
} from './schema-compatibility';

/** The published copies, committed beside the code: what downstream consumers were promised. */
const PUBLISHED = resolve(__dirname, '../published');

/** The catalog with one event's schema replaced: the edit a developer might make. */
function catalogWith(
  type: keyof typeof EventCatalog,
  schema: (current: z.ZodObject) => z.ZodType,
): Record<string, EventDefinition> {
  const current = EventCatalog[type];
  return {
    ...EventCatalog,
    [type]: defineEvent({
      version: current.version,
      description: current.description,
      schema: schema(current.schema as unknown as z.ZodObject),
    }),
  };
}

describe('the event compatibility gate', () => {
  it('finds every event version of the catalog published, current and unbroken', () => {
    const result = checkCatalogCompatibility(EventCatalog, PUBLISHED);
    // Unpublished or stale: run `npm run generate` and commit libs/events/published.
    expect(result).toEqual({ unpublished: [], stale: [], breaking: [] });
  });

  it('keeps no published copy the catalog no longer names', () => {
    const names = new Set(
      Object.entries(EventCatalog).flatMap(([type, definition]) =>
        Array.from({ length: definition.version }, (_, index) => `${type}.v${index + 1}.json`),
      ),
    );
    expect(readdirSync(PUBLISHED).filter((file) => !names.has(file))).toEqual([]);
  });

  it('lets an optional field be added to a published version', () => {
    const edited = catalogWith('payment.completed', (schema) =>
      schema.extend({ receiptNumber: z.string().optional() }),
    );
    expect(checkCatalogCompatibility(edited, PUBLISHED)).toEqual({
      unpublished: [],
      stale: ['payment.completed v1'],
      breaking: [],
    });
  });

  it.each([
    [
      'a removed field',
      (s: z.ZodObject) => s.omit({ currency: true }),
      'data.currency was removed',
    ],
    [
      'a retyped field',
      (s: z.ZodObject) => s.extend({ amount: z.string() }),
      'data.amount changed its type from "integer" to "string"',
    ],
    [
      'a new required field',
      (s: z.ZodObject) => s.extend({ receiptNumber: z.string() }),
      'data.receiptNumber is a new required field',
    ],
    [
      'a field made optional',
      (s: z.ZodObject) => s.extend({ currency: z.string().optional() }),
      'data.currency became optional',
    ],
    [
      'an enum with a new value',
      (s: z.ZodObject) =>
        s.extend({ type: z.enum(['registration', 'membership', 'other', 'gift']) }),
      'data.type changed its enum',
    ],
  ])('fails on %s', (_name, edit, reason) => {
    const edited = catalogWith('payment.completed', edit);
    const { breaking } = checkCatalogCompatibility(edited, PUBLISHED);
    expect(breaking.join('\n')).toContain(`payment.completed v1: ${reason}`);
  });

  it('refuses to publish a breaking edit and writes nothing; a new version is published beside the old', () => {
    const directory = mkdtempSync(join(tmpdir(), 'published-'));
    try {
      cpSync(PUBLISHED, directory, { recursive: true });
      const broken = catalogWith('payment.completed', (s) => s.omit({ currency: true }));
      expect(() => publishCatalogSchemas(broken, directory)).toThrow(
        /payment\.completed v1: data\.currency was removed/,
      );
      expect(checkCatalogCompatibility(EventCatalog, directory).stale).toEqual([]);

      const nextVersion = {
        ...broken,
        'payment.completed': { ...broken['payment.completed'], version: 2 },
      };
      publishCatalogSchemas(nextVersion, directory);
      expect(readdirSync(directory)).toEqual(
        expect.arrayContaining(['payment.completed.v1.json', 'payment.completed.v2.json']),
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('checks nested objects, arrays and nullable values too', () => {
    const published = dataJsonSchema(EventCatalog['claim.updated']);
    const retypedLine = dataJsonSchema(
      defineEvent({
        version: 1,
        description: '',
        schema: EventCatalog['claim.updated'].schema.extend({
          lines: z.array(z.object({ lineId: z.string().uuid(), amount: z.string() })),
        }),
      }),
    );
    expect(breakingChanges(published, retypedLine)).toEqual(
      expect.arrayContaining([
        'data.lines[].category was removed',
        'data.lines[].amount changed its type from "integer" to "string"',
      ]),
    );
    const subscription = dataJsonSchema(EventCatalog['subscription.updated']);
    const notNullable = dataJsonSchema(
      defineEvent({
        version: 1,
        description: '',
        schema: EventCatalog['subscription.updated'].schema.extend({
          currentPeriodEnd: z.string(),
        }),
      }),
    );
    expect(breakingChanges(subscription, notNullable)).toEqual([
      'data.currentPeriodEnd changed its type from ["string","null"] to "string"',
    ]);
  });
});
