import { join } from 'node:path';
import { stringify } from 'yaml';
import { createKubernetesValidator } from './kubernetes-schemas';
import { kustomizeBuild, type K8sObject } from './kustomize-build';
import { envSchemaShape } from '@jibs/config';
import { requiredSecrets } from './render';
import { isSecretVariable, SERVICE_NAMES, SERVICES, SUBGRAPHS } from './service-env';

const ROOT = join(__dirname, '..', '..', '..');
const OVERLAYS = ['local', 'production'] as const;
/** The Secrets the manifests may refer to; they are created in the cluster, never committed. */
/** Each service's own Secret. */
const secretName = (service: string) => `${service}-secrets`;
/** The one Secret every service reads: the gateway's credential towards the subgraphs. */
const SHARED_SECRETS: Record<string, string> = { GATEWAY_SECRET: 'gateway-secret' };
const METRICS_PORT = 9464;

const validator = createKubernetesValidator();

interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
}
interface PodSpec {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  automountServiceAccountToken?: boolean;
}
interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}

const spec = <T>(object: K8sObject) => object['spec'] as T;
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Every environment variable a container gets, with where it comes from. */
function environmentOf(
  objects: K8sObject[],
  container: Container,
): Map<string, EnvVar | 'configmap'> {
  const env = new Map<string, EnvVar | 'configmap'>();
  for (const source of container.envFrom ?? []) {
    if (source.secretRef)
      throw new Error('use secretKeyRef per variable, so the variables are visible here');
    const configMap = named(objects, 'ConfigMap', source.configMapRef?.name ?? '');
    for (const key of Object.keys((configMap['data'] as Record<string, string>) ?? {}))
      env.set(key, 'configmap');
  }
  for (const variable of container.env ?? []) env.set(variable.name, variable);
  return env;
}

describe('the vendored Kubernetes schemas', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x' },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      template: {
        metadata: { labels: { app: 'x' } },
        spec: {
          containers: [{ name: 'x', image: 'x:1', resources: { limits: { memory: '64Mi' } } }],
        },
      },
    },
  };

  it('accept a valid Deployment', () => {
    expect(validator.validate(deployment)).toEqual([]);
  });

  it('reject a misspelt field, a wrong type and a bad quantity', () => {
    const broken = structuredClone(deployment);
    const container = broken.spec.template.spec.containers[0] as Record<string, unknown>;
    (broken.spec as Record<string, unknown>)['replicas'] = 'two';
    container['readinesProbe'] = {};
    container['resources'] = { limits: { memory: '64 MB' } };
    const problems = validator.validate(broken).join('\n');
    expect(problems).toMatch(/\/spec\/replicas must be integer/);
    expect(problems).toMatch(/readinesProbe/);
    expect(problems).toMatch(/limits\/memory/);
  });

  it('cover every kind the manifests use', () => {
    const kinds = new Set(
      OVERLAYS.flatMap((overlay) =>
        kustomizeBuild(join(ROOT, 'k8s/overlays', overlay)).map((o) => `${o.apiVersion}/${o.kind}`),
      ),
    );
    expect([...kinds].filter((kind) => !validator.kinds.includes(kind))).toEqual([]);
  });
});

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = kustomizeBuild(join(ROOT, 'k8s/overlays', overlay));
  const deployments = ofKind(objects, 'Deployment');

  it('renders a Deployment and a Service for every service', () => {
    for (const service of SERVICE_NAMES) {
      expect(named(objects, 'Deployment', service)).toBeDefined();
      expect(named(objects, 'Service', service)).toBeDefined();
    }
  });

  it('puts every namespaced object in the jibs namespace', () => {
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(`${object.kind}/${object.metadata.name} ${object.metadata.namespace}`).toBe(
        `${object.kind}/${object.metadata.name} jibs`,
      );
    }
  });

  it.each(objects.map((o) => [`${o.kind}/${o.metadata.name}`, o] as const))(
    '%s matches the Kubernetes schema of its kind',
    (_name, object) => {
      expect(validator.validate(object)).toEqual([]);
      expect(object.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    },
  );

  it.each(SERVICE_NAMES)(
    '%s has liveness and readiness probes on the health endpoints',
    (service) => {
      const [container] = spec<DeploymentSpec>(named(objects, 'Deployment', service)).template.spec
        .containers;
      const portNames = (container.ports ?? []).map((port) => port.name);
      expect(container.livenessProbe?.httpGet?.path).toBe('/health/live');
      expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
      for (const probe of [
        container.livenessProbe,
        container.readinessProbe,
        container.startupProbe,
      ]) {
        if (probe) expect(portNames).toContain(probe.httpGet?.port);
      }
      expect(container.ports).toEqual([
        { name: 'http', containerPort: SERVICES[service].port, protocol: 'TCP' },
        { name: 'metrics', containerPort: METRICS_PORT, protocol: 'TCP' },
      ]);
    },
  );

  it('gives every container resource requests and limits', () => {
    for (const deployment of deployments) {
      for (const container of spec<DeploymentSpec>(deployment).template.spec.containers) {
        expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('runs every pod as non-root, with a read-only root filesystem and no privileges', () => {
    for (const deployment of deployments) {
      const pod = spec<DeploymentSpec>(deployment).template.spec;
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers) {
        expect(container.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.securityContext?.runAsUser ?? 1).toBeGreaterThan(0);
      }
    }
  });

  it('pins every image to a tag other than latest, or a digest', () => {
    for (const deployment of deployments) {
      for (const { image } of spec<DeploymentSpec>(deployment).template.spec.containers) {
        expect(image).toMatch(/(:(?!latest$)[\w][\w.-]*|@sha256:[a-f0-9]{64})$/);
      }
    }
  });

  it.each(SERVICE_NAMES)('provides %s with every variable it needs', (service) => {
    const [container] = spec<DeploymentSpec>(named(objects, 'Deployment', service)).template.spec
      .containers;
    const env = environmentOf(objects, container);
    expect(SERVICES[service].env.filter((name) => !env.has(name))).toEqual([]);
    const port = env.get('PORT');
    expect(port !== 'configmap' && port?.value).toBe(String(SERVICES[service].port));
  });

  it.each(SUBGRAPHS.map((service) => [service.name, service] as const))(
    'gives %s values its env schema accepts, and the Kafka brokers',
    (name, service) => {
      const values = environmentOfService(objects, name);
      const shape = envSchemaShape(service.envSchema);
      const refused = [...values]
        .filter(([key]) => shape[key])
        .filter(([key, value]) => !shape[key].safeParse(value).success)
        .map(([key, value]) => `${key}=${value}`);
      expect(refused).toEqual([]);
      expect(values.get('EVENT_BROKER')).toBe('kafka');
      expect(values.get('KAFKA_BROKERS')).toBeTruthy();
    },
  );

  it('takes secrets from Secret references only, never from literal values', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    for (const deployment of deployments) {
      const service = deployment.metadata.name;
      for (const container of spec<DeploymentSpec>(deployment).template.spec.containers) {
        for (const [name, source] of environmentOf(objects, container)) {
          const fromSecret = source !== 'configmap' && source.valueFrom?.secretKeyRef;
          expect(`${name}: ${fromSecret ? 'secretKeyRef' : 'plain'}`).toBe(
            `${name}: ${isSecretVariable(name) ? 'secretKeyRef' : 'plain'}`,
          );
          if (fromSecret) expect(fromSecret.name).toBe(SHARED_SECRETS[name] ?? secretName(service));
        }
      }
    }
    for (const configMap of ofKind(objects, 'ConfigMap')) {
      for (const [key, value] of Object.entries(configMap['data'] as Record<string, string>)) {
        expect(isSecretVariable(key)).toBe(false);
        expect(value).not.toMatch(/:\/\/[^/\s:@]+:[^/\s@]+@/);
      }
    }
  });

  it('selects each Deployment with its Service and PodDisruptionBudget', () => {
    for (const service of SERVICE_NAMES) {
      const deployment = spec<DeploymentSpec>(named(objects, 'Deployment', service));
      const labels = deployment.template.metadata.labels;
      expect(matches(deployment.selector.matchLabels, labels)).toBe(true);
      const svc = spec<{ selector: Record<string, string>; ports: { targetPort: string }[] }>(
        named(objects, 'Service', service),
      );
      expect(matches(svc.selector, labels)).toBe(true);
      const portNames = deployment.template.spec.containers
        .flatMap((c) => c.ports ?? [])
        .map((p) => p.name);
      for (const port of svc.ports) expect(portNames).toContain(port.targetPort);
      const pdb = spec<{ selector: { matchLabels: Record<string, string> } }>(
        named(objects, 'PodDisruptionBudget', service),
      );
      expect(matches(pdb.selector.matchLabels, labels)).toBe(true);
    }
  });

  it('routes the public host to the gateway, WebSockets included', () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const main = named(objects, 'Ingress', 'jibs');
    const annotations = main.metadata.annotations ?? {};
    expect(
      Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
    expect(
      Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']),
    ).toBeGreaterThanOrEqual(3600);
    type Rules = {
      rules: {
        host: string;
        http: {
          paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[];
        };
      }[];
    };
    for (const ingress of ingresses) {
      for (const rule of spec<Rules>(ingress).rules) {
        for (const path of rule.http.paths) {
          expect(path.backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
        }
      }
    }
    expect(spec<Rules>(main).rules[0].http.paths.map((p) => p.path)).toEqual(['/']);
  });

  it('hides the gateway metrics and health endpoints from the internet', () => {
    const operational = named(objects, 'Ingress', 'jibs-operational');
    expect(
      operational.metadata.annotations?.['nginx.ingress.kubernetes.io/denylist-source-range'],
    ).toBe('0.0.0.0/0,::/0');
  });

  it('lets nothing but the gateway reach a subgraph, and only Prometheus the metrics ports', () => {
    type Peer = {
      podSelector?: { matchLabels?: Record<string, string> };
      namespaceSelector?: { matchLabels?: Record<string, string> };
    };
    type Policy = {
      podSelector: {
        matchLabels?: Record<string, string>;
        matchExpressions?: { key: string; operator: string; values: string[] }[];
      };
      policyTypes: string[];
      ingress?: { from: Peer[]; ports: { port: string }[] }[];
    };
    const policies = ofKind(objects, 'NetworkPolicy').map((o) => spec<Policy>(o));
    /** The labels of a service's pods, as the policies select them. */
    const podLabels = (app: string) =>
      spec<DeploymentSpec>(named(objects, 'Deployment', app)).template.metadata.labels;
    const selects = (policy: Policy, app: string) =>
      matches(policy.podSelector.matchLabels ?? {}, podLabels(app)) &&
      (policy.podSelector.matchExpressions ?? []).every(
        (e) => e.operator === 'In' && e.values.includes(podLabels(app)[e.key]),
      );
    // Every service is selected by the gateway-only and the Prometheus-only rules.
    for (const service of SERVICE_NAMES)
      expect(policies.filter((policy) => selects(policy, service)).length).toBeGreaterThan(1);
    // A default deny: every pod is selected by a policy with no ingress rule.
    expect(
      policies.some((p) => Object.keys(p.podSelector).length === 0 && !p.ingress?.length),
    ).toBe(true);
    for (const service of SERVICE_NAMES) {
      const rules = policies
        .filter((policy) => selects(policy, service))
        .flatMap((policy) => policy.ingress ?? []);
      for (const rule of rules) {
        const ports = rule.ports.map((port) => port.port);
        expect(ports.length).toBeGreaterThan(0);
        for (const peer of rule.from) {
          const app = peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
          const component = peer.podSelector?.matchLabels?.['app.kubernetes.io/component'];
          const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
          if (ports.includes('metrics')) {
            expect({ service, ports, namespace }).toEqual({
              service,
              ports,
              namespace: 'monitoring',
            });
          } else if (service === 'gateway') {
            expect({ ports, namespace }).toEqual({ ports: ['http'], namespace: 'ingress-nginx' });
          } else if (app) {
            expect({ service, app }).toEqual({ service, app: 'gateway' });
          } else {
            // Identity's JWKS, for the services that verify tokens: never the ingress or others.
            expect({ service, component }).toEqual({ service: 'identity', component: 'service' });
            expect(peer.namespaceSelector).toBeUndefined();
          }
        }
      }
    }
  });

  it('sets its own hosts and origins (no placeholder left from the base)', () => {
    expect(stringify(objects)).not.toContain('jibs.invalid');
  });

  // What a pod's settings make its schema require must not be optional: a missing Secret key
  // then stops the pod (CreateContainerConfigError) rather than letting it crash-loop.
  it("marks optional no secret that the service's schema requires with these settings", () => {
    for (const service of SUBGRAPHS) {
      const container = spec<DeploymentSpec>(named(objects, 'Deployment', service.name)).template
        .spec.containers[0];
      const settings: Record<string, string> = {};
      for (const source of container.envFrom ?? []) {
        const configMap = named(objects, 'ConfigMap', source.configMapRef?.name ?? '');
        Object.assign(settings, configMap['data'] as Record<string, string>);
      }
      for (const variable of container.env ?? []) {
        if (variable.value !== undefined) settings[variable.name] = variable.value;
      }
      const required = requiredSecrets(service, settings);
      const optional = (container.env ?? [])
        .filter((variable) => variable.valueFrom?.secretKeyRef?.optional)
        .map((variable) => variable.name);
      expect({
        service: service.name,
        optional: optional.filter((k) => required.includes(k)),
      }).toEqual({ service: service.name, optional: [] });
    }
  });

  it('leaves the replicas of an autoscaled Deployment to its HorizontalPodAutoscaler', () => {
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      const target = spec<{ scaleTargetRef: { kind: string; name: string } }>(hpa).scaleTargetRef;
      expect(
        spec<DeploymentSpec>(named(objects, target.kind, target.name)).replicas,
      ).toBeUndefined();
    }
  });
});

describe('k8s/overlays/production', () => {
  const objects = kustomizeBuild(join(ROOT, 'k8s/overlays/production'));

  it('runs at least two replicas of every service', () => {
    const autoscaled = new Map(
      ofKind(objects, 'HorizontalPodAutoscaler').map((hpa) => {
        const hpaSpec = spec<{ minReplicas: number; scaleTargetRef: { name: string } }>(hpa);
        return [hpaSpec.scaleTargetRef.name, hpaSpec.minReplicas];
      }),
    );
    for (const service of SERVICE_NAMES) {
      const replicas =
        autoscaled.get(service) ??
        spec<DeploymentSpec>(named(objects, 'Deployment', service)).replicas;
      expect(`${service}: ${(replicas ?? 1) >= 2}`).toBe(`${service}: true`);
    }
  });

  it('autoscales every service, each Deployment by its own HorizontalPodAutoscaler', () => {
    const targets = ofKind(objects, 'HorizontalPodAutoscaler').map(
      (hpa) => spec<{ scaleTargetRef: { kind: string; name: string } }>(hpa).scaleTargetRef.name,
    );
    expect([...targets].sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('requires the secrets its settings need: SMTP, the admin, Kafka SASL and Stripe', () => {
    const optional = (service: string, key: string) =>
      spec<DeploymentSpec>(
        named(objects, 'Deployment', service),
      ).template.spec.containers[0].env?.find((variable) => variable.name === key)?.valueFrom
        ?.secretKeyRef?.optional ?? false;
    for (const [service, key] of [
      ['identity', 'SMTP_URL'],
      ['identity', 'ADMIN_PASSWORD'],
      ['notifications', 'SMTP_URL'],
      ['billing', 'STRIPE_SECRET_KEY'],
      ...SUBGRAPHS.map((s) => [s.name, 'KAFKA_SASL_PASSWORD']),
    ])
      expect(`${service} ${key} optional: ${optional(service, key)}`).toBe(
        `${service} ${key} optional: false`,
      );
    // Keys for S3 stay optional: a cluster may grant S3 access to the pods' role instead.
    expect(optional('documents', 'S3_ACCESS_KEY_ID')).toBe(true);
  });

  it('serves the public host over TLS', () => {
    const ingress = spec<{
      rules: { host: string }[];
      tls?: { hosts: string[]; secretName: string }[];
    }>(named(objects, 'Ingress', 'jibs'));
    expect(ingress.tls?.[0].hosts).toEqual(ingress.rules.map((rule) => rule.host));
    expect(ingress.tls?.[0].secretName).toBeTruthy();
  });

  it.each(SUBGRAPHS.map((service) => service.name))(
    'reaches Kafka from %s over TLS with SASL, the password from its Secret',
    (service) => {
      const values = environmentOfService(objects, service);
      expect(values.get('KAFKA_TLS')).toBe('true');
      expect(values.get('KAFKA_SASL_MECHANISM')).toMatch(/^scram-sha-(256|512)$/);
      expect(values.get('KAFKA_SASL_USERNAME')).toBeTruthy();
      expect(values.get('KAFKA_TOPIC_PREFIX')).toBe('production.');
      const [container] = spec<DeploymentSpec>(named(objects, 'Deployment', service)).template.spec
        .containers;
      const password = container.env?.find((variable) => variable.name === 'KAFKA_SASL_PASSWORD');
      expect(password?.valueFrom?.secretKeyRef?.name).toBe(secretName(service));
    },
  );

  it('uses secure cookies and an https origin', () => {
    const identity = environmentOfService(objects, 'identity');
    expect(identity.get('COOKIE_SECURE')).toBe('true');
    expect(identity.get('PUBLIC_ORIGIN')).toMatch(/^https:\/\//);
  });
});

/** The plain values a service's container gets from ConfigMaps and literal env entries. */
function environmentOfService(objects: K8sObject[], service: string): Map<string, string> {
  const [container] = spec<DeploymentSpec>(named(objects, 'Deployment', service)).template.spec
    .containers;
  const values = new Map<string, string>();
  for (const source of container.envFrom ?? []) {
    const data = named(objects, 'ConfigMap', source.configMapRef?.name ?? '')['data'] as Record<
      string,
      string
    >;
    for (const [key, value] of Object.entries(data)) values.set(key, value);
  }
  for (const variable of container.env ?? [])
    if (variable.value !== undefined) values.set(variable.name, variable.value);
  return values;
}
