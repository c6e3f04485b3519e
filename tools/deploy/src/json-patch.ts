/**
 * RFC 6902 JSON Patch, the operations kustomize's JSON6902 patches use here: add, remove,
 * replace and test. move and copy are refused rather than half-supported.
 */
export interface JsonPatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer "${pointer}" must start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function arrayIndex(token: string, length: number, allowEnd: boolean): number {
  if (allowEnd && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`"${token}" is not an array index`);
  const index = Number(token);
  if (index > length || (!allowEnd && index === length)) {
    throw new Error(`array index ${index} is out of bounds (length ${length})`);
  }
  return index;
}

function parentOf(document: unknown, tokens: string[], path: string): Container {
  let node = document;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false)];
    else if (isContainer(node) && token in node) node = (node as Record<string, unknown>)[token];
    else throw new Error(`path ${path} does not exist`);
  }
  if (!isContainer(node)) throw new Error(`path ${path} does not exist`);
  return node;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Applies the operations to a copy of `document` and returns it. */
export function applyJsonPatch<T>(document: T, operations: readonly JsonPatchOperation[]): T {
  const root = structuredClone(document) as unknown;
  for (const operation of operations) {
    const { op, path } = operation;
    const tokens = parsePointer(path);
    if (tokens.length === 0) throw new Error('operations on the whole document are not supported');
    const parent = parentOf(root, tokens, path);
    const last = tokens[tokens.length - 1];
    switch (op) {
      case 'add':
        if (Array.isArray(parent)) {
          parent.splice(arrayIndex(last, parent.length, true), 0, structuredClone(operation.value));
        } else {
          parent[last] = structuredClone(operation.value);
        }
        break;
      case 'remove':
      case 'replace':
        if (Array.isArray(parent)) {
          const index = arrayIndex(last, parent.length, false);
          if (op === 'remove') parent.splice(index, 1);
          else parent[index] = structuredClone(operation.value);
        } else {
          if (!(last in parent)) throw new Error(`${op}: path ${path} does not exist`);
          if (op === 'remove') delete parent[last];
          else parent[last] = structuredClone(operation.value);
        }
        break;
      case 'test': {
        const actual = Array.isArray(parent)
          ? parent[arrayIndex(last, parent.length, false)]
          : parent[last];
        if (!deepEqual(actual, operation.value)) throw new Error(`test failed at ${path}`);
        break;
      }
      default:
        throw new Error(`JSON patch operation "${String(op)}" is not supported`);
    }
  }
  return root as T;
}
