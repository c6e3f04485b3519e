// Regenerates tools/deploy/schemas/kubernetes/definitions.json from the npm packages
// kubernetes-models@4.3.1 and @kubernetes-models/apimachinery@1.2.1 (the last releases that ship
// the Kubernetes OpenAPI definitions as plain JSON Schema objects; later releases ship only
// pre-compiled validators). Only the definitions reachable from the kinds in ROOTS are kept.
//
//   mkdir -p /tmp/k8s-schemas && cd /tmp/k8s-schemas
//   npm pack kubernetes-models@4.3.1 @kubernetes-models/apimachinery@1.2.1
//   mkdir models apimachinery
//   tar xzf kubernetes-models-4.3.1.tgz -C models
//   tar xzf kubernetes-models-apimachinery-1.2.1.tgz -C apimachinery
//   cd /work/main && npx node tools/deploy/scripts/vendor-kubernetes-schemas.ts \
//     /tmp/k8s-schemas/models/package /tmp/k8s-schemas/apimachinery/package
//   npx prettier --write tools/deploy/schemas/kubernetes/definitions.json
//
// The package files are read as text and their `const schema = {...}` literal parsed as JSON:
// nothing from the packages is executed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** apiVersion/kind -> definition id, for every kind the manifests under k8s/ may use. */
const ROOTS: Record<string, string> = {
  'v1/Namespace': 'io.k8s.api.core.v1.Namespace',
  'v1/ConfigMap': 'io.k8s.api.core.v1.ConfigMap',
  'v1/Service': 'io.k8s.api.core.v1.Service',
  'apps/v1/Deployment': 'io.k8s.api.apps.v1.Deployment',
  'networking.k8s.io/v1/Ingress': 'io.k8s.api.networking.v1.Ingress',
  'policy/v1/PodDisruptionBudget': 'io.k8s.api.policy.v1.PodDisruptionBudget',
  'autoscaling/v2/HorizontalPodAutoscaler': 'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler',
  'networking.k8s.io/v1/NetworkPolicy': 'io.k8s.api.networking.v1.NetworkPolicy',
};

const [modelsDir, apimachineryDir] = process.argv.slice(2).map((dir) => resolve(dir));
if (!modelsDir || !apimachineryDir) {
  throw new Error('usage: vendor-kubernetes-schemas.ts <kubernetes-models dir> <apimachinery dir>');
}

const version = (dir: string): string =>
  (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** `io.k8s.api.apps.v1.Deployment` -> `IoK8sApiAppsV1Deployment` (the packages' file names). */
function fileNameOf(id: string): string {
  return id
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function readDefinition(id: string): unknown {
  const file = fileNameOf(id) + '.js';
  const dir = id.startsWith('io.k8s.apimachinery.') ? apimachineryDir : modelsDir;
  const source = readFileSync(join(dir, '_schemas', file), 'utf8');
  const registered = /register\)\("([^"]+)", schema\)/.exec(source);
  if (!registered || registered[1] !== id) throw new Error(`${file} does not register ${id}`);
  const literal = /\nconst schema = (\{[\s\S]*?\n\});\n/.exec(source);
  if (!literal) throw new Error(`${file}: no schema literal`);
  return JSON.parse(literal[1]);
}

function refsOf(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) refsOf(item, into);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value.replace(/#$/, ''));
      else refsOf(value, into);
    }
  }
}

const definitions: Record<string, unknown> = {};
const pending = Object.values(ROOTS);
while (pending.length > 0) {
  const id = pending.pop() as string;
  if (id in definitions) continue;
  const schema = readDefinition(id);
  definitions[id] = schema;
  const refs = new Set<string>();
  refsOf(schema, refs);
  pending.push(...refs);
}

const sorted = Object.fromEntries(
  Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)),
);
const out = {
  source: {
    packages: [
      `kubernetes-models@${version(modelsDir)}`,
      `@kubernetes-models/apimachinery@${version(apimachineryDir)}`,
    ],
    license: 'MIT (Copyright (c) 2018 Tommy Chen); generated from the Kubernetes OpenAPI spec',
    regenerate: 'tools/deploy/scripts/vendor-kubernetes-schemas.ts',
  },
  kinds: ROOTS,
  definitions: sorted,
};
const target = resolve('tools/deploy/schemas/kubernetes/definitions.json');
writeFileSync(target, JSON.stringify(out, null, 2) + '\n');
process.stdout.write(`${Object.keys(sorted).length} definitions written to ${target}\n`);
