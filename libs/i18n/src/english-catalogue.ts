import { escapeIcu } from './icu';

/** A language's messages: namespace (a MessageCatalog object's name) → key → ICU message. */
export type CatalogueMessages = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Message objects as libs/domain writes them: a text, or a function of its placeholders. */
export type MessageSources = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const OPEN = '\uE000';
const CLOSE = '\uE001';
/** A number no message would print by itself, for parameters a formatter turns into text. */
const NUMBER_SENTINEL = 987654321;
/** Where a formatter printed the number sentinel: "$9,876,543.21", "987654321". */
const NUMBER_SENTINEL_SHOWN = /\$?9,?876,?543(?:\.21|,?321)/;

/** A message function's parameter names, in order: `(status, message) => …`, `function f(a) {…}`. */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const list =
    /^(?:async\s*)?(?:function\b[^(]*)?\(([^)]*)\)/.exec(source)?.[1] ??
    /^(\w+)\s*=>/.exec(source)?.[1];
  if (list === undefined) throw new Error(`Cannot read the parameters of ${source.slice(0, 80)}`);
  return list
    .split(',')
    .map((name) =>
      name
        .trim()
        .replace(/[=:].*$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/**
 * A message function as an ICU message whose placeholders are its parameter names:
 * `(status) => \`Document has been ${status}\`` → "Document has been {status}". A parameter the
 * function formats (cents to "$12.00") becomes a placeholder for the formatted text.
 */
export function functionAsIcu(fn: (...args: never[]) => unknown, where: string): string {
  const names = parameterNames(fn);
  const text = String(fn(...(names.map((name) => `${OPEN}${name}${CLOSE}`) as never[])));
  let message = escapeIcu(text).replace(new RegExp(`${OPEN}(\\w+)${CLOSE}`, 'g'), '{$1}');
  for (const [index, name] of names.entries()) {
    if (message.includes(`{${name}}`)) continue;
    const args = names.map((other, i) =>
      i === index ? NUMBER_SENTINEL : `${OPEN}${other}${CLOSE}`,
    );
    const shown = String(fn(...(args as never[])));
    if (!NUMBER_SENTINEL_SHOWN.test(shown)) {
      throw new Error(`${where}: the parameter "${name}" does not appear in its message`);
    }
    message = escapeIcu(shown.replace(NUMBER_SENTINEL_SHOWN, `${OPEN}${name}${CLOSE}`)).replace(
      new RegExp(`${OPEN}(\\w+)${CLOSE}`, 'g'),
      '{$1}',
    );
  }
  return message;
}

/**
 * English as ICU messages, from the message objects: what `catalogues/en/*.json` holds (written
 * by `npm run generate:i18n`) and what every other language is checked against.
 */
export function englishCatalogue(sources: MessageSources): CatalogueMessages {
  return Object.fromEntries(
    Object.entries(sources).map(([namespace, messages]) => [
      namespace,
      Object.fromEntries(
        Object.entries(messages).map(([key, value]) => {
          if (typeof value === 'string') return [key, escapeIcu(value)];
          if (typeof value === 'function') {
            return [key, functionAsIcu(value as () => unknown, `${namespace}.${key}`)];
          }
          throw new Error(`${namespace}.${key} is neither a text nor a function`);
        }),
      ),
    ]),
  );
}
