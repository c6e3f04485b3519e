import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { configMapHash } from './kustomize-hash';
import { renderKustomization, type K8sObject } from './render-kustomize';

let root: string;

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function find(objects: K8sObject[], kind: string, namePrefix: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name.startsWith(namePrefix));
  if (!found) throw new Error(`no ${kind} ${namePrefix}`);
  return found;
}

type Container = { name: string; image: string; env?: { name: string; value?: string }[] } & Record<
  string,
  unknown
>;

function containers(deployment: K8sObject): Container[] {
  const spec = deployment['spec'] as { template: { spec: { containers: Container[] } } };
  return spec.template.spec.containers;
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: example/web
          env:
            - name: A
              value: one
            - name: B
              value: two
          envFrom:
            - configMapRef:
                name: settings
        - name: sidecar
          image: example/sidecar:1.0
`;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'render-kustomize-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('configMapHash', () => {
  // The two examples of the Kubernetes documentation ("Declarative Management of Kubernetes
  // Objects Using Kustomize"), with the names `kubectl kustomize` printed for them.
  it('matches kustomize for a ConfigMap from a file', () => {
    expect(configMapHash('example-configmap-1', { 'application.properties': 'FOO=Bar\n' })).toBe(
      '8mbdf7882g',
    );
  });

  it('matches kustomize for a ConfigMap from literals', () => {
    expect(configMapHash('example-configmap-2', { FOO: 'Bar' })).toBe('g2hdhfc6tk');
  });

  it('does not depend on the order of the keys', () => {
    expect(configMapHash('x', { a: '1', b: '2' })).toBe(configMapHash('x', { b: '2', a: '1' }));
  });
});

describe('renderKustomization', () => {
  it('renders resources with namespace, labels, images and replicas', () => {
    write({
      'app/deployment.yaml': deployment,
      'app/kustomization.yaml': `resources: [deployment.yaml]
namespace: shop
labels:
  - pairs: { team: blue }
    includeTemplates: true
images:
  - name: example/web
    newName: registry.test/web
    newTag: '2.0'
replicas:
  - name: web
    count: 3
`,
    });
    const [web] = renderKustomization(join(root, 'app'));
    expect(web.metadata).toMatchObject({ namespace: 'shop', labels: { app: 'web', team: 'blue' } });
    const spec = web['spec'] as Record<string, Record<string, unknown>>;
    expect(spec['replicas']).toBe(3);
    expect(spec['selector']).toEqual({ matchLabels: { app: 'web' } });
    expect((spec['template']['metadata'] as Record<string, unknown>)['labels']).toEqual({
      app: 'web',
      team: 'blue',
    });
    expect(containers(web).map((c) => c.image)).toEqual([
      'registry.test/web:2.0',
      'example/sidecar:1.0',
    ]);
  });

  it('generates hashed ConfigMaps, merges overlays into them and renames the references', () => {
    write({
      'base/deployment.yaml': deployment,
      'base/kustomization.yaml': `resources: [deployment.yaml]
configMapGenerator:
  - name: settings
    literals: [COLOR=red, SIZE=10]
`,
      'overlay/kustomization.yaml': `resources: [../base]
configMapGenerator:
  - name: settings
    behavior: merge
    literals: [SIZE=12]
`,
    });
    const objects = renderKustomization(join(root, 'overlay'));
    const settings = find(objects, 'ConfigMap', 'settings-');
    expect(settings['data']).toEqual({ COLOR: 'red', SIZE: '12' });
    expect(settings.metadata.name).toBe(
      `settings-${configMapHash('settings', { COLOR: 'red', SIZE: '12' })}`,
    );
    const web = find(objects, 'Deployment', 'web');
    expect(containers(web)[0]['envFrom']).toEqual([
      { configMapRef: { name: settings.metadata.name } },
    ]);
  });

  it('applies strategic merge patches, merging containers and env by name', () => {
    write({
      'app/deployment.yaml': deployment,
      'app/patch.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: web
          env:
            - name: B
              value: changed
            - name: C
              value: three
          resources:
            limits:
              memory: 64Mi
`,
      'app/kustomization.yaml': `resources: [deployment.yaml]
patches:
  - path: patch.yaml
`,
    });
    const [web] = renderKustomization(join(root, 'app'));
    const [main, sidecar] = containers(web);
    expect(main.env).toEqual([
      { name: 'A', value: 'one' },
      { name: 'B', value: 'changed' },
      { name: 'C', value: 'three' },
    ]);
    expect(main['resources']).toEqual({ limits: { memory: '64Mi' } });
    expect(sidecar.image).toBe('example/sidecar:1.0');
  });

  it('applies JSON6902 patches to every targeted resource', () => {
    write({
      'app/deployment.yaml': deployment,
      'app/kustomization.yaml': `resources: [deployment.yaml]
patches:
  - target: { kind: Deployment, name: web }
    patch: |-
      - op: replace
        path: /spec/template/spec/containers/1/image
        value: example/sidecar:2.0
      - op: add
        path: /spec/template/spec/containers/0/env/-
        value: { name: D, value: four }
      - op: remove
        path: /metadata/labels/app
`,
    });
    const [web] = renderKustomization(join(root, 'app'));
    expect(containers(web)[1].image).toBe('example/sidecar:2.0');
    expect(containers(web)[0].env?.map((e) => e.name)).toEqual(['A', 'B', 'D']);
    expect(web.metadata.labels).toEqual({});
  });

  it('refuses kustomize features it does not implement', () => {
    write({
      'app/deployment.yaml': deployment,
      'app/kustomization.yaml': `resources: [deployment.yaml]
namePrefix: dev-
`,
    });
    expect(() => renderKustomization(join(root, 'app'))).toThrow(/"namePrefix" is not supported/);
  });

  it('refuses a patch file holding several patches, as kustomize does', () => {
    const patch = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
`;
    write({
      'app/deployment.yaml': deployment,
      'app/patches.yaml': `${patch}---\n${patch}`,
      'app/kustomization.yaml': `resources: [deployment.yaml]
patches:
  - path: patches.yaml
`,
    });
    expect(() => renderKustomization(join(root, 'app'))).toThrow(/holds 2 patches/);
  });

  it('refuses a patch that matches nothing and a merge into a missing ConfigMap', () => {
    write({
      'a/deployment.yaml': deployment,
      'a/kustomization.yaml': `resources: [deployment.yaml]
patches:
  - target: { kind: Service }
    patch: '[{"op": "remove", "path": "/spec"}]'
`,
      'b/kustomization.yaml': `configMapGenerator:
  - name: nope
    behavior: merge
    literals: [A=1]
`,
    });
    expect(() => renderKustomization(join(root, 'a'))).toThrow(/matches no resource/);
    expect(() => renderKustomization(join(root, 'b'))).toThrow(/does not exist; cannot merge/);
  });
});
