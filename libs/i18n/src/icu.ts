import IntlMessageFormat from 'intl-messageformat';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** The formatjs AST's element kinds this library reads. */
const LITERAL = 0;
const POUND = 7;

/** Characters ICU reads as syntax in a message's literal text. */
const ICU_SYNTAX = /[{}]/;

/**
 * A literal text as an ICU message: braces quoted ('{'), and an apostrophe doubled where ICU would
 * otherwise read it as the start of a quote (before a brace or another apostrophe).
 */
export function escapeIcu(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "'" && (ICU_SYNTAX.test(text[i + 1] ?? '') || text[i + 1] === "'")) out += "''";
    else if (ICU_SYNTAX.test(char)) out += `'${char}'`;
    else out += char;
  }
  return out;
}

export function parseIcu(message: string): Element[] {
  return new IntlMessageFormat(message, 'en').getAst();
}

/** The named placeholders of an ICU message ('{count, plural, ...}' names "count"), sorted. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type === LITERAL || element.type === POUND) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element && element.options) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element && Array.isArray(element.children)) walk(element.children);
    }
  };
  walk(parseIcu(message));
  return [...names].sort();
}

export type IcuValues = Readonly<Record<string, string | number | Date>>;

/** Each message parsed once per locale: a mail fan-out words the same messages thousands of times. */
const compiled = new Map<string, IntlMessageFormat>();

/** An ICU message with its values, in a locale (Intl does plurals, numbers and dates). */
export function formatIcu(message: string, intlLocale: string, values?: IcuValues): string {
  const id = `${intlLocale}\u0000${message}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, intlLocale);
    compiled.set(id, format);
  }
  const formatted = format.format(values as never);
  return Array.isArray(formatted) ? formatted.join('') : String(formatted);
}

/**
 * A matcher for the text an ICU message of plain `{name}` placeholders renders to: English text
 * in, the placeholders' values out ("Death report approved successfully" → { status: 'approved' }).
 */
export function icuMatcher(
  message: string,
): ((text: string) => Record<string, string> | null) | null {
  const names: string[] = [];
  let pattern = '';
  for (const element of parseIcu(message)) {
    if (element.type === LITERAL) pattern += element.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (element.type === 1) {
      names.push(element.value);
      pattern += '([\\s\\S]+?)';
    } else return null;
  }
  if (!names.length) return null;
  const regex = new RegExp(`^${pattern}$`);
  return (text) => {
    const match = regex.exec(text);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string]));
  };
}
