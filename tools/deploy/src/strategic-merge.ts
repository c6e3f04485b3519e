/**
 * Kubernetes strategic merge patch, for the kinds whose patches this repository writes
 * (Deployment, Service). Maps merge key by key, `null` deletes a key, lists merge by their
 * Kubernetes patch merge key where the API declares one and are replaced otherwise. The
 * `$patch`, `$retainKeys` and `$setElementOrder` directives are refused.
 */
type Json = Record<string, unknown>;

/**
 * patchMergeKey of the list fields these kinds use (k8s.io/api types). A list not named here
 * is atomic: the patch's list replaces the original, as the API server would do.
 */
const MERGE_KEYS: Record<string, Record<string, string>> = {
  Deployment: {
    'spec.template.spec.containers': 'name',
    'spec.template.spec.initContainers': 'name',
    'spec.template.spec.containers.env': 'name',
    'spec.template.spec.initContainers.env': 'name',
    'spec.template.spec.containers.ports': 'containerPort',
    'spec.template.spec.initContainers.ports': 'containerPort',
    'spec.template.spec.containers.volumeMounts': 'mountPath',
    'spec.template.spec.initContainers.volumeMounts': 'mountPath',
    'spec.template.spec.volumes': 'name',
    'spec.template.spec.imagePullSecrets': 'name',
    'spec.template.spec.topologySpreadConstraints': 'topologyKey',
  },
  Service: {
    'spec.ports': 'port',
  },
};

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function strategicMergeSupported(kind: string): boolean {
  return kind in MERGE_KEYS;
}

function mergeList(original: unknown[], patch: unknown[], key: string, kind: string, path: string) {
  const merged = original.map((item) => structuredClone(item));
  for (const item of patch) {
    if (!isObject(item) || !(key in item)) {
      throw new Error(`${kind} ${path}: every patch item needs its merge key "${key}"`);
    }
    const index = merged.findIndex((existing) => isObject(existing) && existing[key] === item[key]);
    if (index === -1) merged.push(mergeObject({}, item, kind, path));
    else merged[index] = mergeObject(merged[index] as Json, item, kind, path);
  }
  return merged;
}

function mergeObject(original: Json, patch: Json, kind: string, path: string): Json {
  const result: Json = structuredClone(original);
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) throw new Error(`${kind}: patch directive ${key} is not supported`);
    const fieldPath = path ? `${path}.${key}` : key;
    if (value === null) {
      delete result[key];
    } else if (isObject(value) && isObject(result[key])) {
      result[key] = mergeObject(result[key] as Json, value, kind, fieldPath);
    } else if (Array.isArray(value) && Array.isArray(result[key]) && MERGE_KEYS[kind][fieldPath]) {
      result[key] = mergeList(
        result[key] as unknown[],
        value,
        MERGE_KEYS[kind][fieldPath],
        kind,
        fieldPath,
      );
    } else if (isObject(value)) {
      result[key] = mergeObject({}, value, kind, fieldPath);
    } else {
      result[key] = structuredClone(value);
    }
  }
  return result;
}

/** The strategic merge of `patch` into `original` (a new object; neither input changes). */
export function strategicMerge(original: Json, patch: Json): Json {
  const kind = original['kind'];
  if (typeof kind !== 'string' || !strategicMergeSupported(kind)) {
    throw new Error(
      `strategic merge patches are supported for ${Object.keys(MERGE_KEYS).join(', ')} only, not ${String(kind)}`,
    );
  }
  return mergeObject(original, patch, kind, '');
}
