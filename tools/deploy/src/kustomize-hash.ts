import { createHash } from 'node:crypto';

/**
 * Go's encoding/json escapes <, > and & (and U+2028/U+2029) in strings; kustomize hashes that
 * encoding, so the same bytes must be hashed here.
 */
function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => {
    return '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
  });
}

function sortedObject(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/**
 * The name suffix kustomize gives a generated ConfigMap (sigs.k8s.io/kustomize/api/hasher):
 * sha256 of the JSON of {data, kind, name} (keys sorted, as Go marshals maps), the first ten
 * hex digits, with 0, 1, 3, a and e swapped for letters so the suffix never reads as a number.
 */
export function configMapHash(name: string, data: Record<string, string>): string {
  const encoded = goJson({ data: sortedObject(data), kind: 'ConfigMap', name });
  const hex = createHash('sha256').update(encoded).digest('hex');
  const swaps: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...hex.slice(0, 10)].map((char) => swaps[char] ?? char).join('');
}
