import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as domain from './index';
import { MessageCatalog, PRODUCT_WORDING, SPEC_EXCERPTS, SPEC_PLACEHOLDERS } from './spec-wording';

/**
 * The spec's messages, asserted against the spec's own text (not against our constants): a
 * message that drifts from the spec fails here. The spec lives in `../shared/spec/` beside the
 * repository (CI clones have `../shared` next to the repo); it is found by listing the folder.
 */
const repoRoot = resolve(__dirname, '../../..');
const specDir = resolve(repoRoot, '../shared/spec');

function readSpec(): string {
  const files = readdirSync(specDir).filter((name) => name.endsWith('.txt'));
  if (files.length === 0) throw new Error(`No spec (.txt) in ${specDir}`);
  return files.map((name) => readFileSync(join(specDir, name), 'utf8')).join('\n');
}

const normalise = (text: string) => text.replace(/\s+/g, ' ');
const isCatalogued = (name: string) => Object.keys(MessageCatalog).includes(name);
const spec = normalise(readSpec());

type Entry = { group: string; key: string; value: unknown };
const entries: Entry[] = Object.entries(MessageCatalog).flatMap(([group, messages]) =>
  Object.entries(messages).map(([key, value]) => ({ group, key, value })),
);
const lookup = <T>(table: Record<string, Record<string, T | undefined> | undefined>, e: Entry) =>
  table[e.group]?.[e.key];

function render(e: Entry): string {
  if (typeof e.value === 'string') return e.value;
  if (typeof e.value !== 'function') throw new Error(`${e.group}.${e.key} is not a message`);
  const args = lookup(SPEC_PLACEHOLDERS as Record<string, Record<string, unknown[]>>, e);
  if (!args)
    throw new Error(`${e.group}.${e.key}: give its spec placeholders in SPEC_PLACEHOLDERS`);
  return String((e.value as (...a: unknown[]) => unknown)(...args));
}

const product = PRODUCT_WORDING as Record<string, Record<string, string>>;
const excerpts = SPEC_EXCERPTS as Record<string, Record<string, string>>;
const specMessages = entries.filter((e) => !lookup(product, e));
const productMessages = entries.filter((e) => lookup(product, e));

describe("the spec's messages", () => {
  it('reads the spec', () => {
    expect(spec.length).toBeGreaterThan(10_000);
    expect(spec.includes("'Payment Error'")).toBe(true);
  });

  it.each(specMessages.map((e) => [`${e.group}.${e.key}`, e] as const))(
    '%s is worded as in the spec',
    (_name, e) => {
      const text = normalise(render(e));
      const excerpt = lookup(excerpts, e);
      if (excerpt) {
        // The spec quotes only this part of the message.
        expect(text).toContain(excerpt);
        expect({ excerpt, inSpec: spec.includes(excerpt) }).toEqual({ excerpt, inSpec: true });
      } else {
        const message = text.trim();
        expect({ message, inSpec: spec.includes(message) }).toEqual({ message, inSpec: true });
      }
    },
  );

  // Not checked against the spec, for the reason PRODUCT_WORDING gives each: the product's own
  // messages. They must really be the product's: one the spec words must be checked above.
  it.each(productMessages.map((e) => [`${e.group}.${e.key}`, lookup(product, e), e] as const))(
    '%s is the product’s own wording (%s)',
    (_name, reason, e) => {
      expect(reason).toMatch(/\w{4,}/);
      const text = typeof e.value === 'function' ? String(e.value('{x}', '{y}')) : String(e.value);
      const message = normalise(text).trim();
      const quoted = [`'${message}'`, `"${message}"`, `'${message}:`, `: ${message}'`];
      expect({ message, quotedInSpec: quoted.some((q) => spec.includes(q)) }).toEqual({
        message,
        quotedInSpec: false,
      });
    },
  );

  it('lists no product wording, placeholder or excerpt for a message that does not exist', () => {
    const known = new Set(entries.map((e) => `${e.group}.${e.key}`));
    const listed = [product, excerpts, SPEC_PLACEHOLDERS as Record<string, object>].flatMap(
      (table) =>
        Object.entries(table).flatMap(([group, keys]) =>
          Object.keys(keys ?? {}).map((key) => `${group}.${key}`),
        ),
    );
    expect(listed.filter((name) => !known.has(name))).toEqual([]);
  });

  /**
   * Message objects that are a part of a catalogued one, kept apart for a first page's weight
   * (issue 26): the same namespace, so every key must be the whole object's, named not copied.
   */
  const PARTS: Record<string, string> = {
    RegistrationWizardFrameMessages: 'RegistrationWizardMessages',
  };

  it('checks every message object libs/domain exports', () => {
    const exported = Object.entries(domain)
      .filter(([name, value]) => /Messages$|^FlagReasons$/.test(name) && typeof value === 'object')
      .map(([name]) => name);
    const catalogued = Object.keys(MessageCatalog);
    expect(exported.filter((name) => !catalogued.includes(name) && !PARTS[name])).toEqual([]);
  });

  it.each(Object.entries(PARTS))(
    '%s is a part of %s: its keys, the same messages',
    (part, whole) => {
      const parts = (domain as unknown as Record<string, Record<string, unknown>>)[part]!;
      const wholeObject = (domain as unknown as Record<string, Record<string, unknown>>)[whole]!;
      expect(isCatalogued(whole)).toBe(true);
      for (const [key, value] of Object.entries(parts)) expect(wholeObject[key]).toBe(value);
    },
  );

  it('writes each message once: another object names it, never copies it', () => {
    const code = readdirSync(__dirname)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
      .map((name) => readFileSync(join(__dirname, name), 'utf8'))
      .join('\n')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const texts = [...new Set(entries.map((e) => e.value))].filter(
      (value): value is string => typeof value === 'string',
    );
    const written = (text: string) =>
      code.split(`'${text.replace(/'/g, "\\'")}'`).length - 1 + code.split(`"${text}"`).length - 1;
    expect(texts.length).toBeGreaterThan(200);
    expect(written(domain.PaymentMessages.paymentErrorTitle)).toBe(1);
    expect(texts.filter((text) => written(text) > 1)).toEqual([]);
  });

  it('fails a drifted message', () => {
    expect(spec.includes('Failed to create subscriptions')).toBe(false);
    expect(spec.includes("'Failed to create subscription'")).toBe(true);
  });
});
