import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { envHelpers, mailEnvSchema, secret, serviceEnvSchema } from '@jibs/config';
import { storageEnvSchema } from '@jibs/storage';
import { describeService } from '@jibs/subgraph';
import { replaceRegions } from './regions';
import { renderDeployment, staleFiles, type RenderedFile } from './render';
import { SUBGRAPHS } from './service-env';

const ROOT = join(__dirname, '..', '..', '..');
const REGION = '# generated from the service definitions (npm run generate): ';

describe('the committed deployment files', () => {
  let rendered: RenderedFile[];
  beforeAll(async () => {
    rendered = await renderDeployment({ root: ROOT, services: SUBGRAPHS });
  });

  it('are what the service definitions render (run `npm run generate` after a change)', () => {
    const drifted = rendered
      .filter((file) => readFileSync(join(ROOT, file.path), 'utf8') !== file.content)
      .map((file) => file.path);
    expect(drifted).toEqual([]);
  });

  it('include one Kubernetes file per service, and none of a service that is gone', () => {
    for (const service of SUBGRAPHS)
      expect(rendered.map((file) => file.path)).toContain(`k8s/base/${service.name}.yaml`);
    expect(staleFiles(ROOT, rendered)).toEqual([]);
    expect(staleFiles(ROOT, rendered.slice(0, -1))).toEqual([]);
    const withoutCases = rendered.filter((file) => file.path !== 'k8s/base/cases.yaml');
    expect(staleFiles(ROOT, withoutCases)).toEqual(['k8s/base/cases.yaml']);
  });
});

describe('a new service', () => {
  const schema = z
    .intersection(
      z.intersection(z.intersection(serviceEnvSchema, mailEnvSchema), storageEnvSchema),
      z.object({
        PORT: envHelpers.port(4077),
        PARCELS_API_KEY: secret(z.string().min(8)),
        PARCELS_MODE: z.enum(['fast', 'slow']).default('slow'),
        S3_BUCKET_PARCELS: z.string().default('parcels'),
        PARCELS_TEST_HOOK: z.string().optional(),
      }),
    )
    .refine(() => true);
  const parcels = describeService({
    name: 'parcels',
    envSchema: schema,
    buckets: { S3_BUCKET_PARCELS: 'parcels' },
    deployOptional: ['PARCELS_TEST_HOOK'],
    subscriptions: true,
  });
  let files: Record<string, string>;
  beforeAll(async () => {
    const rendered = await renderDeployment({ root: ROOT, services: [...SUBGRAPHS, parcels] });
    files = Object.fromEntries(rendered.map((file) => [file.path, file.content]));
  });

  it('gets a compose block from its definition alone: shared settings, secrets from .env', () => {
    const compose = parse(files['docker-compose.yml'], { merge: true }) as {
      services: Record<string, Record<string, unknown>>;
    };
    const block = compose.services['parcels'];
    expect(block['build']).toEqual({
      context: '.',
      dockerfile: 'tools/deploy/docker/Dockerfile',
      args: { SERVICE: 'parcels', PORT: '4077' },
    });
    const env = block['environment'] as Record<string, string | number>;
    expect(env).toMatchObject({
      PORT: 4077,
      MAIL_TRANSPORT: 'smtp',
      S3_ENDPOINT: 'http://minio:9000',
      PARCELS_API_KEY: '${PARCELS_API_KEY:?run tools/deploy/scripts/generate-secrets.sh}',
      PARCELS_MODE: 'slow',
      S3_BUCKET_PARCELS: '${S3_BUCKET_PARCELS:-parcels}',
    });
    expect(String(env['DATABASE_URL'])).toMatch(
      /^postgres:\/\/parcels:\$\{PARCELS_DB_PASSWORD:\?[^}]+\}@postgres:5432\/parcels$/,
    );
    expect(env).not.toHaveProperty('PARCELS_TEST_HOOK');
    expect(Object.keys(block['depends_on'] as object)).toEqual([
      'postgres',
      'kafka',
      'mailpit',
      'identity',
      'minio-setup',
    ]);
    const gateway = compose.services['gateway'];
    expect(gateway['environment']).toMatchObject({
      PARCELS_URL: 'http://parcels:4077/graphql',
      PARCELS_WS_URL: 'ws://parcels:4077/graphql',
    });
    expect(Object.keys(gateway['depends_on'] as object)).toContain('parcels');
    const setup = compose.services['minio-setup']['environment'] as Record<string, string>;
    expect(setup['JIBS_BUCKETS']).toMatch(/ \$\{S3_BUCKET_PARCELS:-parcels\}$/);
    expect((compose.services['postgres']['environment'] as object) ?? {}).toHaveProperty(
      'PARCELS_DB_PASSWORD',
    );
  });

  it('gets its database, its scrape target and its .env entries', () => {
    expect(files['tools/deploy/postgres-init/10-create-databases.sh']).toContain(
      'create_database parcels "${PARCELS_DB_PASSWORD:-}"\n',
    );
    const prometheus = parse(files['tools/deploy/prometheus/prometheus.yml']) as {
      scrape_configs: { job_name: string; static_configs: unknown[] }[];
    };
    // Its target, labelled with its name (so `up` has the `service` label the alerts use).
    expect(prometheus.scrape_configs.find((job) => job.job_name === 'parcels')).toMatchObject({
      metrics_path: '/metrics',
      static_configs: [{ targets: ['parcels:9464'], labels: { service: 'parcels' } }],
    });
    const example = files['tools/deploy/compose.env.example'];
    expect(example).toMatch(/^PARCELS_DB_PASSWORD=$/m);
    expect(example).toMatch(/^PARCELS_API_KEY=$/m);
  });

  it('gets its Kubernetes file, resource, ConfigMap and images in every overlay', () => {
    const [deployment, service, pdb] = files['k8s/base/parcels.yaml']
      .split(/^---$/m)
      .map((doc) => parse(doc) as Record<string, never>);
    expect([deployment['kind'], service['kind'], pdb['kind']]).toEqual([
      'Deployment',
      'Service',
      'PodDisruptionBudget',
    ]);
    const container = (
      deployment['spec'] as { template: { spec: { containers: Record<string, unknown>[] } } }
    ).template.spec.containers[0];
    expect(container['envFrom']).toEqual([
      { configMapRef: { name: 'backend-config' } },
      { configMapRef: { name: 'mail-config' } },
      { configMapRef: { name: 's3-config' } },
      { configMapRef: { name: 'parcels-config' } },
    ]);
    expect(container['env']).toEqual(
      expect.arrayContaining([
        { name: 'PORT', value: '4077' },
        {
          name: 'PARCELS_API_KEY',
          valueFrom: { secretKeyRef: { name: 'parcels-secrets', key: 'PARCELS_API_KEY' } },
        },
        {
          name: 'S3_ACCESS_KEY_ID',
          valueFrom: {
            secretKeyRef: { name: 'parcels-secrets', key: 'S3_ACCESS_KEY_ID', optional: true },
          },
        },
        {
          name: 'GATEWAY_SECRET',
          valueFrom: { secretKeyRef: { name: 'gateway-secret', key: 'GATEWAY_SECRET' } },
        },
      ]),
    );
    const kustomization = parse(files['k8s/base/kustomization.yaml']) as {
      resources: string[];
      configMapGenerator: { name: string; literals: string[] }[];
    };
    expect(kustomization.resources).toContain('parcels.yaml');
    expect(
      kustomization.configMapGenerator.find((map) => map.name === 'parcels-config')?.literals,
    ).toEqual(['PARCELS_MODE=slow', 'S3_BUCKET_PARCELS=parcels']);
    expect(
      kustomization.configMapGenerator.find((map) => map.name === 'gateway-config')?.literals,
    ).toEqual(
      expect.arrayContaining([
        'PARCELS_URL=http://parcels:4077/graphql',
        'PARCELS_WS_URL=ws://parcels:4077/graphql',
      ]),
    );
    const production = parse(files['k8s/overlays/production/kustomization.yaml']) as {
      images: { name: string; newName?: string; newTag?: string }[];
    };
    expect(production.images).toContainEqual({
      name: 'jibs/parcels',
      newName: 'registry.example.org/jibs/parcels',
      newTag: '0.1.0',
    });
    const local = parse(files['k8s/overlays/local/kustomization.yaml']) as {
      images: { name: string }[];
    };
    expect(local.images).toContainEqual({ name: 'jibs/parcels', newTag: 'local' });
  });

  it('must say what a deployment gives a required variable without default', async () => {
    const unvalued = (envSchema: z.ZodType) =>
      renderDeployment({
        root: ROOT,
        services: [...SUBGRAPHS, describeService({ name: 'parcels', envSchema })],
      });
    await expect(
      unvalued(
        z.intersection(
          serviceEnvSchema,
          z.object({ PORT: envHelpers.port(4077), PARCELS_REGION: z.string() }),
        ),
      ),
    ).rejects.toThrow(
      'parcels: PARCELS_REGION is required and has no default: give it a value under parcels.compose.environment in tools/deploy/service-settings.yaml',
    );
  });
});

describe('generated regions', () => {
  const text = ['a:', `  ${REGION}list`, '  - old', '  # end of generated: list', 'b: 1'].join(
    '\n',
  );

  it('rewrite only the lines between the markers, indented like the opening one', () => {
    expect(replaceRegions('f.yaml', text, { list: () => ['- x', '- y'] })).toBe(
      ['a:', `  ${REGION}list`, '  - x', '  - y', '  # end of generated: list', 'b: 1'].join('\n'),
    );
  });

  it('refuse an unclosed region, one without a renderer, and a renderer without its region', () => {
    expect(() =>
      replaceRegions('f.yaml', text.replace('# end of generated: list', ''), { list: () => [] }),
    ).toThrow('f.yaml: the generated region list is not closed');
    expect(() => replaceRegions('f.yaml', text, {})).toThrow(
      'f.yaml: no renderer for the generated region list',
    );
    expect(() => replaceRegions('f.yaml', text, { list: () => [], other: () => [] })).toThrow(
      'f.yaml: no generated region other',
    );
  });
});
