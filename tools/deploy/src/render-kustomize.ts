import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { applyJsonPatch, type JsonPatchOperation } from './json-patch';
import { configMapHash } from './kustomize-hash';
import { strategicMerge } from './strategic-merge';

/**
 * A small, honest stand-in for `kustomize build`, for tests on machines without kustomize.
 * It supports exactly what k8s/ uses and throws on anything else, so a manifest can't quietly
 * depend on a feature it does not implement:
 *
 * - resources: files (multi-document YAML) and directories holding a kustomization.yaml
 * - namespace (namespaced kinds only)
 * - labels: pairs, includeTemplates, includeSelectors: false
 * - images: name -> newName / newTag / digest, on Deployment containers and initContainers
 * - replicas: name -> count
 * - patches: one per entry, strategic merge (Deployment, Service) or JSON6902 (any kind), from
 *   `path` or inline `patch`, targeted by `target` (group, version, kind, name, namespace) or,
 *   for a strategic merge patch without one, by the patch's own kind and name
 * - configMapGenerator: literals; behavior create / merge / replace; the content-hash name
 *   suffix, with the references from Deployments updated, as kustomize does
 *
 * Transformers run in kustomize's order: patches, namespace, labels, replicas, images.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

interface Resource {
  object: K8sObject;
  /** Set on ConfigMaps made by a generator: their name gets the content hash at the end. */
  generatedName?: string;
}

const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'replicas',
  'patches',
  'configMapGenerator',
]);

const CLUSTER_SCOPED_KINDS = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
]);

const WORKLOAD_KINDS = new Set(['Deployment']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(where: string, message: string): never {
  throw new Error(`${where}: ${message}`);
}

function stringArray(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    fail(where, 'must be a list of strings');
  }
  return value as string[];
}

function list(value: unknown, where: string): Json[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => !isObject(item))) {
    fail(where, 'must be a list of maps');
  }
  return value as Json[];
}

function onlyKeys(entry: Json, allowed: string[], where: string): void {
  for (const key of Object.keys(entry)) {
    if (!allowed.includes(key)) fail(where, `"${key}" is not supported by this renderer`);
  }
}

function stringField(entry: Json, key: string, where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value === '') fail(where, `"${key}" must be a non-empty string`);
  return value;
}

function toK8sObject(document: unknown, where: string): K8sObject {
  if (!isObject(document)) fail(where, 'a resource must be a map');
  const { apiVersion, kind, metadata } = document;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
    fail(where, 'a resource needs apiVersion and kind');
  }
  if (!isObject(metadata) || typeof metadata['name'] !== 'string') {
    fail(where, `${kind} needs metadata.name`);
  }
  return document as K8sObject;
}

function parseYamlText(text: string, where: string): unknown[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) fail(where, document.errors[0].message);
      return document.toJS() as unknown;
    })
    .filter((document) => document !== null && document !== undefined);
}

function readYamlDocuments(file: string): unknown[] {
  return parseYamlText(readFileSync(file, 'utf8'), file);
}

function groupVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash === -1
    ? { group: '', version: apiVersion }
    : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

function matchesTarget(object: K8sObject, target: Json, where: string): boolean {
  onlyKeys(target, ['group', 'version', 'kind', 'name', 'namespace'], `${where} target`);
  const { group, version } = groupVersion(object.apiVersion);
  const wanted: Record<string, string | undefined> = {
    group,
    version,
    kind: object.kind,
    name: object.metadata.name,
    namespace: object.metadata.namespace,
  };
  return Object.entries(target).every(([key, value]) => {
    if (typeof value !== 'string') fail(`${where} target`, `"${key}" must be a string`);
    return wanted[key] === value;
  });
}

function podSpecsOf(object: K8sObject): Json[] {
  if (!WORKLOAD_KINDS.has(object.kind)) return [];
  const spec = object['spec'];
  const template = isObject(spec) ? spec['template'] : undefined;
  const podSpec = isObject(template) ? template['spec'] : undefined;
  return isObject(podSpec) ? [podSpec] : [];
}

function containersOf(podSpec: Json): Json[] {
  return ['initContainers', 'containers'].flatMap((field) => {
    const containers = podSpec[field];
    return Array.isArray(containers) ? containers.filter(isObject) : [];
  });
}

/** Splits `registry:5000/name:tag@sha256:...` into name, tag and digest. */
function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest, digest] = image.split('@', 2);
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon === -1
    ? { name: withoutDigest, digest }
    : { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest };
}

function applyPatches(resources: Resource[], patches: Json[], dir: string, where: string): void {
  patches.forEach((patch, index) => {
    const at = `${where} patches[${index}]`;
    onlyKeys(patch, ['path', 'patch', 'target'], at);
    if ((patch['path'] === undefined) === (patch['patch'] === undefined)) {
      fail(at, 'needs exactly one of "path" and "patch"');
    }
    const bodies =
      patch['path'] !== undefined
        ? readYamlDocuments(join(dir, stringField(patch, 'path', at)))
        : parseYamlText(stringField(patch, 'patch', at), at);
    // Like kustomize, one patch per entry: a file of several patches is refused.
    if (bodies.length !== 1) fail(at, `holds ${bodies.length} patches; give each its own entry`);
    const target = patch['target'];
    if (target !== undefined && !isObject(target)) fail(at, '"target" must be a map');

    if (Array.isArray(bodies[0])) {
      if (!target) fail(at, 'a JSON6902 patch needs a target');
      const operations = bodies[0] as JsonPatchOperation[];
      const matched = resources.filter((resource) => matchesTarget(resource.object, target, at));
      if (matched.length === 0) fail(at, 'the target matches no resource');
      for (const resource of matched) resource.object = applyJsonPatch(resource.object, operations);
      return;
    }

    const patchObject = toK8sObject(bodies[0], at);
    const selector: Json = target ?? {
      kind: patchObject.kind,
      name: patchObject.metadata.name,
      ...(patchObject.metadata.namespace ? { namespace: patchObject.metadata.namespace } : {}),
    };
    const matched = resources.filter((resource) => matchesTarget(resource.object, selector, at));
    if (matched.length === 0) {
      fail(at, `no ${patchObject.kind} named ${patchObject.metadata.name} to patch`);
    }
    for (const resource of matched) {
      const { metadata, ...rest } = patchObject;
      const { name: _name, namespace: _namespace, ...metadataPatch } = metadata;
      resource.object = strategicMerge(resource.object, {
        ...rest,
        ...(Object.keys(metadataPatch).length > 0 ? { metadata: metadataPatch } : {}),
      }) as K8sObject;
    }
  });
}

function applyNamespace(resources: Resource[], namespace: string): void {
  for (const { object } of resources) {
    if (!CLUSTER_SCOPED_KINDS.has(object.kind)) object.metadata.namespace = namespace;
  }
}

function applyLabels(resources: Resource[], entries: Json[], where: string): void {
  entries.forEach((entry, index) => {
    const at = `${where} labels[${index}]`;
    onlyKeys(entry, ['pairs', 'includeSelectors', 'includeTemplates'], at);
    if (entry['includeSelectors'] === true) {
      fail(at, 'includeSelectors: true is not supported (selectors are immutable; keep it false)');
    }
    const pairs = entry['pairs'];
    if (!isObject(pairs) || Object.values(pairs).some((value) => typeof value !== 'string')) {
      fail(at, '"pairs" must map label names to strings');
    }
    for (const { object } of resources) {
      object.metadata.labels = { ...object.metadata.labels, ...(pairs as Record<string, string>) };
      if (entry['includeTemplates'] === true && WORKLOAD_KINDS.has(object.kind)) {
        const template = (object['spec'] as Json)['template'] as Json;
        const metadata = (template['metadata'] ??= {}) as Json;
        metadata['labels'] = { ...(metadata['labels'] as Json | undefined), ...pairs };
      }
    }
  });
}

function applyReplicas(resources: Resource[], entries: Json[], where: string): void {
  entries.forEach((entry, index) => {
    const at = `${where} replicas[${index}]`;
    onlyKeys(entry, ['name', 'count'], at);
    const name = stringField(entry, 'name', at);
    const count = entry['count'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      fail(at, '"count" must be a non-negative integer');
    }
    const matched = resources.filter(
      ({ object }) => WORKLOAD_KINDS.has(object.kind) && object.metadata.name === name,
    );
    if (matched.length === 0) fail(at, `no Deployment named ${name}`);
    for (const { object } of matched) (object['spec'] as Json)['replicas'] = count;
  });
}

function applyImages(resources: Resource[], entries: Json[], where: string): void {
  entries.forEach((entry, index) => {
    const at = `${where} images[${index}]`;
    onlyKeys(entry, ['name', 'newName', 'newTag', 'digest'], at);
    const name = stringField(entry, 'name', at);
    const newName = entry['newName'] !== undefined ? stringField(entry, 'newName', at) : undefined;
    const newTag = entry['newTag'] !== undefined ? stringField(entry, 'newTag', at) : undefined;
    const digest = entry['digest'] !== undefined ? stringField(entry, 'digest', at) : undefined;
    let used = false;
    for (const { object } of resources) {
      for (const container of podSpecsOf(object).flatMap(containersOf)) {
        if (typeof container['image'] !== 'string') continue;
        const image = parseImage(container['image']);
        if (image.name !== name) continue;
        used = true;
        const finalName = newName ?? image.name;
        if (digest) container['image'] = `${finalName}@${digest}`;
        else if (newTag) container['image'] = `${finalName}:${newTag}`;
        else {
          container['image'] =
            finalName +
            (image.tag ? `:${image.tag}` : '') +
            (image.digest ? `@${image.digest}` : '');
        }
      }
    }
    if (!used) fail(at, `no container uses the image ${name}`);
  });
}

function parseLiteral(literal: string, where: string): [string, string] {
  const equals = literal.indexOf('=');
  if (equals <= 0) fail(where, `"${literal}" is not KEY=value`);
  const key = literal.slice(0, equals);
  const value = literal.slice(equals + 1);
  if (!/^[-._a-zA-Z0-9]+$/.test(key)) fail(where, `"${key}" is not a valid ConfigMap key`);
  if (/^(['"]).*\1$/.test(value)) {
    fail(where, `the quoted value of ${key} is not supported by this renderer: leave quotes out`);
  }
  return [key, value];
}

function runConfigMapGenerators(resources: Resource[], generators: Json[], where: string): void {
  generators.forEach((generator, index) => {
    const at = `${where} configMapGenerator[${index}]`;
    onlyKeys(generator, ['name', 'behavior', 'literals'], at);
    const name = stringField(generator, 'name', at);
    const behavior = generator['behavior'] ?? 'create';
    const data: Record<string, string> = {};
    for (const literal of stringArray(generator['literals'], `${at} literals`)) {
      const [key, value] = parseLiteral(literal, at);
      if (key in data) fail(at, `${key} is given twice`);
      data[key] = value;
    }
    // Like kustomize, an overlay's generator finds the base's map by kind and name.
    const existing = resources.filter(
      (resource) => resource.object.kind === 'ConfigMap' && resource.generatedName === name,
    );
    if (existing.length > 1) fail(at, `more than one ConfigMap ${name} to ${String(behavior)}`);
    if (behavior === 'create') {
      if (existing.length > 0)
        fail(at, `ConfigMap ${name} exists; behavior must be merge or replace`);
      resources.push({
        object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data },
        generatedName: name,
      });
    } else if (behavior === 'merge' || behavior === 'replace') {
      if (existing.length === 0) fail(at, `ConfigMap ${name} does not exist; cannot ${behavior}`);
      const target = existing[0].object;
      target['data'] = behavior === 'merge' ? { ...(target['data'] as Json), ...data } : data;
    } else {
      fail(at, `behavior "${String(behavior)}" is not create, merge or replace`);
    }
  });
}

/** Gives generated ConfigMaps their hashed names and points the Deployments at them. */
function applyNameHashes(resources: Resource[]): void {
  const renamed = new Map<string, string>();
  for (const resource of resources) {
    if (!resource.generatedName) continue;
    const { object } = resource;
    const hashed = `${object.metadata.name}-${configMapHash(object.metadata.name, (object['data'] ?? {}) as Record<string, string>)}`;
    renamed.set(`${object.metadata.namespace ?? ''}/${object.metadata.name}`, hashed);
    object.metadata.name = hashed;
  }
  const rename = (namespace: string | undefined, ref: unknown) => {
    if (!isObject(ref) || typeof ref['name'] !== 'string') return;
    const hashed = renamed.get(`${namespace ?? ''}/${ref['name']}`);
    if (hashed) ref['name'] = hashed;
  };
  for (const { object } of resources) {
    for (const podSpec of podSpecsOf(object)) {
      for (const container of containersOf(podSpec)) {
        for (const source of Array.isArray(container['envFrom']) ? container['envFrom'] : []) {
          if (isObject(source)) rename(object.metadata.namespace, source['configMapRef']);
        }
        for (const variable of Array.isArray(container['env']) ? container['env'] : []) {
          const valueFrom = isObject(variable) ? variable['valueFrom'] : undefined;
          if (isObject(valueFrom)) rename(object.metadata.namespace, valueFrom['configMapKeyRef']);
        }
      }
      for (const volume of Array.isArray(podSpec['volumes']) ? podSpec['volumes'] : []) {
        if (isObject(volume)) rename(object.metadata.namespace, volume['configMap']);
      }
    }
  }
}

function loadResources(path: string, where: string): Resource[] {
  if (/^[a-z]+:\/\//.test(path) || path.startsWith('github.com/')) {
    fail(where, `remote resource ${path} is not supported`);
  }
  if (!existsSync(path)) fail(where, `${path} does not exist`);
  if (statSync(path).isDirectory()) return build(path);
  return readYamlDocuments(path).map((document) => ({
    object: structuredClone(toK8sObject(document, path)),
  }));
}

function build(dir: string): Resource[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) fail(dir, 'no kustomization.yaml');
  const kustomization: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObject(kustomization)) fail(file, 'must be a map');
  for (const key of Object.keys(kustomization)) {
    if (!KUSTOMIZATION_FIELDS.has(key)) fail(file, `"${key}" is not supported by this renderer`);
  }
  if (kustomization['kind'] !== undefined && kustomization['kind'] !== 'Kustomization') {
    fail(file, 'kind must be Kustomization');
  }

  const resources = stringArray(kustomization['resources'], `${file} resources`).flatMap((entry) =>
    loadResources(resolve(dir, entry), file),
  );
  runConfigMapGenerators(resources, list(kustomization['configMapGenerator'], file), file);
  applyPatches(resources, list(kustomization['patches'], `${file} patches`), dir, file);
  if (kustomization['namespace'] !== undefined) {
    applyNamespace(resources, stringField(kustomization, 'namespace', file));
  }
  applyLabels(resources, list(kustomization['labels'], `${file} labels`), file);
  applyReplicas(resources, list(kustomization['replicas'], `${file} replicas`), file);
  applyImages(resources, list(kustomization['images'], `${file} images`), file);

  const seen = new Set<string>();
  for (const { object } of resources) {
    const id = `${object.apiVersion}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
    if (seen.has(id)) fail(file, `${id} is defined twice`);
    seen.add(id);
  }
  return resources;
}

/** Renders the kustomization in `dir` as `kustomize build dir` would, for the supported subset. */
export function renderKustomization(dir: string): K8sObject[] {
  const resources = build(resolve(dir));
  applyNameHashes(resources);
  return resources.map(({ object }) => object);
}
