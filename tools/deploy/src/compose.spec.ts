import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  loadComposeFile,
  parseEnvFile,
  readComposeYaml,
  validateCompose,
  type ComposeService,
} from './compose-file';
import { envSchemaShape } from '@jibs/config';
import { isSecretVariable, SERVICE_NAMES, SERVICES, SUBGRAPHS } from './service-env';

const ROOT = join(__dirname, '..', '..', '..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const EXAMPLE_ENV = parseEnvFile(
  readFileSync(join(ROOT, 'tools/deploy/compose.env.example'), 'utf8'),
);

/** The example env file as tools/deploy/scripts/generate-secrets.sh fills it. */
const GENERATED_ENV = Object.fromEntries(
  Object.entries(EXAMPLE_ENV).map(([key, value]) => [
    key,
    value === '' ? `generated-${key.toLowerCase()}` : value,
  ]),
);

const { compose, variables } = loadComposeFile(COMPOSE_FILE, GENERATED_ENV);
const services = compose.services;

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) throw new Error('write environment as a map');
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

const pick = (env: Record<string, string>, names: RegExp) =>
  Object.fromEntries(Object.entries(env).filter(([key]) => names.test(key)));

/** One-shot jobs (restart: "no") finish instead of becoming healthy. */
const isJob = (service: ComposeService) => service.restart === 'no';

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(validateCompose(compose)).toEqual([]);
  });

  it('the schema check catches a misspelt key', () => {
    const broken = {
      services: { web: { image: 'web:1', healthcheck: { tset: ['CMD', 'true'] } } },
    };
    expect(validateCompose(broken).join('\n')).toMatch(
      /healthcheck must NOT have additional properties/,
    );
  });

  it('limits the CPU and memory of every container', () => {
    const unlimited = Object.entries(services)
      .filter(([, service]) => {
        const limits = (service['deploy'] as { resources?: { limits?: Record<string, unknown> } })
          ?.resources?.limits;
        return !(limits?.['cpus'] && /^\d+[KMG]$/.test(String(limits['memory'])));
      })
      .map(([name]) => name);
    expect(unlimited).toEqual([]);
  });

  it('is also valid before interpolation (as written)', () => {
    expect(validateCompose(readComposeYaml(COMPOSE_FILE))).toEqual([]);
  });

  it('refers only to variables the example env file documents', () => {
    const undocumented = variables.filter(
      (use) => use.kind !== 'default' && !(use.name in EXAMPLE_ENV),
    );
    expect([...new Set(undocumented.map((use) => use.name))]).toEqual([]);
  });

  it('fails fast when a required secret is missing from .env', () => {
    const withoutSecrets = { ...GENERATED_ENV, ADMIN_PASSWORD: '' };
    expect(() => loadComposeFile(COMPOSE_FILE, withoutSecrets)).toThrow(/ADMIN_PASSWORD/);
  });

  it('runs Postgres 17, Kafka in KRaft mode, MinIO, Mailpit, Prometheus and Grafana', () => {
    expect(services['postgres'].image).toMatch(/^postgres:17/);
    expect(services['kafka'].image).toMatch(/^apache\/kafka:\d/);
    expect(environmentOf(services['kafka'])['KAFKA_PROCESS_ROLES']).toBe('broker,controller');
    expect(services['minio'].image).toMatch(/^minio\/minio:/);
    expect(services['mailpit'].image).toMatch(/^axllent\/mailpit:/);
    expect(services['prometheus'].image).toMatch(/^prom\/prometheus:/);
    expect(services['grafana'].image).toMatch(/^grafana\/grafana:/);
  });

  it('ships Jaeger as an optional trace viewer, which every service exports to once turned on', () => {
    expect(services['jaeger'].image).toMatch(/^jaegertracing\/all-in-one:\d/);
    expect(services['jaeger'].profiles).toEqual(['tracing']);
    for (const name of SERVICE_NAMES) {
      expect({ name, ...pick(environmentOf(services[name]), /^OTEL_/) }).toEqual({
        name,
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318',
      });
    }
    const { compose: traced } = loadComposeFile(COMPOSE_FILE, {
      ...GENERATED_ENV,
      OTEL_TRACES_EXPORTER: 'otlp',
    });
    for (const name of SERVICE_NAMES)
      expect(environmentOf(traced.services[name])['OTEL_TRACES_EXPORTER']).toBe('otlp');
  });

  it('pins every image to a version', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) continue;
      expect(`${name}: ${service.image}`).toMatch(/:[^:]+:(?!latest$)[\w][\w.-]*$/);
    }
  });

  it('gives every long-running service a healthcheck', () => {
    for (const [name, service] of Object.entries(services)) {
      if (isJob(service)) continue;
      expect(`${name}: ${JSON.stringify(service.healthcheck?.test ?? null)}`).not.toMatch(
        /: null$/,
      );
      expect(service.healthcheck?.disable).not.toBe(true);
    }
  });

  it('waits on healthy dependencies, and on finished jobs', () => {
    for (const [name, service] of Object.entries(services)) {
      const dependsOn = service.depends_on ?? {};
      expect(Array.isArray(dependsOn)).toBe(false);
      for (const [dependency, { condition }] of Object.entries(
        dependsOn as Record<string, { condition?: string }>,
      )) {
        const expected = isJob(services[dependency])
          ? 'service_completed_successfully'
          : 'service_healthy';
        expect(`${name} -> ${dependency}: ${condition}`).toBe(
          `${name} -> ${dependency}: ${expected}`,
        );
      }
    }
  });

  it("creates every defined service's database and the event log's on first start", () => {
    const mounts = (services['postgres'].volumes ?? []).map(String);
    expect(mounts).toContain('./tools/deploy/postgres-init:/docker-entrypoint-initdb.d:ro');
    const script = readFileSync(
      join(ROOT, 'tools/deploy/postgres-init/10-create-databases.sh'),
      'utf8',
    );
    const subgraphs = SERVICE_NAMES.filter((name) => name !== 'gateway');
    expect(subgraphs.length).toBeGreaterThan(5);
    for (const database of [...subgraphs, 'eventlog']) {
      expect(script).toMatch(new RegExp(`^create_database ${database} `, 'm'));
    }
  });

  it.each(SERVICE_NAMES)('builds %s from the one Dockerfile and checks /health/live', (name) => {
    const service = services[name];
    expect(service.build).toEqual({
      context: '.',
      dockerfile: 'tools/deploy/docker/Dockerfile',
      args: { SERVICE: name, PORT: String(SERVICES[name].port) },
      ...(name === 'gateway' ? { target: 'gateway' } : {}),
    });
    expect(JSON.stringify(service.healthcheck?.test)).toContain('/health/live');
    expect(service.read_only).toBe(true);
  });

  it.each(SERVICE_NAMES)('provides %s with every variable it needs', (name) => {
    const env = environmentOf(services[name]);
    const fromFile = new Set(
      Object.keys(env)
        .filter((key) => key.endsWith('_FILE'))
        .map((key) => key.slice(0, -'_FILE'.length)),
    );
    const missing = SERVICES[name].env.filter((key) => !(key in env) && !fromFile.has(key));
    expect(missing).toEqual([]);
    expect(env['PORT']).toBe(String(SERVICES[name].port));
    expect(env['HOST']).toBe('0.0.0.0');
    expect(env['NODE_ENV']).toBe('production');
  });

  it.each(SUBGRAPHS.map((service) => [service.name, service] as const))(
    'gives %s values its env schema accepts, and the Kafka brokers it is told to use',
    (name, service) => {
      const env = environmentOf(services[name]);
      const shape = envSchemaShape(service.envSchema);
      const refused = Object.entries(env)
        .filter(([key]) => shape[key] && !isSecretVariable(key))
        .filter(([key, value]) => !shape[key].safeParse(value).success)
        .map(([key, value]) => `${key}=${value}`);
      expect(refused).toEqual([]);
      expect(env['EVENT_BROKER']).toBe('kafka');
      expect(env['KAFKA_BROKERS']).toBe('kafka:9092');
      // One partition count: the one the services create topics with is the broker's default.
      expect(env['KAFKA_PARTITIONS']).toBe(EXAMPLE_ENV['KAFKA_PARTITIONS']);
      expect(environmentOf(services['kafka'])['KAFKA_NUM_PARTITIONS']).toBe(
        env['KAFKA_PARTITIONS'],
      );
    },
  );

  it('reads the JWT signing key from a compose secret, not from the environment', () => {
    const identity = services['identity'];
    expect(environmentOf(identity)['JWT_PRIVATE_KEY_FILE']).toBe('/run/secrets/jwt_private_key');
    expect(identity.secrets).toEqual(['jwt_private_key']);
    expect(compose.secrets?.['jwt_private_key']?.file).toBe(EXAMPLE_ENV['JWT_PRIVATE_KEY_PATH']);
  });

  it('writes no secret value into the file: secrets are ${VARIABLES} from .env', () => {
    const raw = readComposeYaml(COMPOSE_FILE) as { services: Record<string, ComposeService> };
    for (const [name, service] of Object.entries(raw.services)) {
      for (const [key, value] of Object.entries(environmentOf(service))) {
        const secretLike = isSecretVariable(key) || /PASSWORD|SECRET|PRIVATE_KEY/.test(key);
        if (!secretLike) continue;
        if (key === 'JWT_PRIVATE_KEY_FILE') continue;
        // A secret is a ${VARIABLE}, or a URL whose only credential is one.
        const usesVariable = /\$\{[A-Z0-9_]+/.test(value);
        const literalCredential = /:[^/:@\s]+@/.test(value.replace(/\$\{[^}]*\}/g, ''));
        expect(`${name}.${key}: ${usesVariable && !literalCredential}`).toBe(
          `${name}.${key}: true`,
        );
      }
    }
  });

  it('minio-setup creates the buckets and a user limited to them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'minio-setup-'));
    try {
      // A stand-in for mc that records its calls and keeps the policy it is given.
      writeFileSync(
        join(dir, 'mc'),
        `#!/bin/sh\necho "$*" >> "${dir}/calls"\n[ "$3" = create ] && cat "$6" > "${dir}/policy.json"\n` +
          `[ "$3" = attach ] && [ -e "${dir}/attached" ] && echo 'policy change is already in effect' && exit 1\n` +
          `[ "$3" = attach ] && touch "${dir}/attached"\nexit 0\n`,
        { mode: 0o755 },
      );
      const setup = services['minio-setup'];
      const script = (setup.command as string[])[0];
      const run = () =>
        execFileSync('/bin/sh', ['-ec', script], {
          env: { ...environmentOf(setup), PATH: `${dir}:/usr/bin:/bin` },
          encoding: 'utf8',
        });
      run();
      run(); // idempotent: a second start of the stack runs it again
      // Every service's bucket, named as .env names it (or its definition's name).
      const buckets = SUBGRAPHS.flatMap((service) =>
        Object.entries(service.buckets).map(([variable, name]) => GENERATED_ENV[variable] ?? name),
      );
      expect(buckets).toEqual(['documents', 'memorials']);
      const policy = JSON.parse(readFileSync(join(dir, 'policy.json'), 'utf8')) as {
        Statement: { Resource: string[] }[];
      };
      expect(policy.Statement.flatMap((statement) => statement.Resource)).toEqual([
        ...buckets.map((bucket) => `arn:aws:s3:::${bucket}`),
        ...buckets.map((bucket) => `arn:aws:s3:::${bucket}/*`),
      ]);
      const calls = readFileSync(join(dir, 'calls'), 'utf8');
      for (const bucket of buckets) {
        expect(calls).toContain(`mb --ignore-existing jibs/${bucket}`);
        expect(calls).toContain(`anonymous set none jibs/${bucket}`);
      }
      // Each service reads its bucket from the same variable.
      for (const service of SUBGRAPHS)
        for (const [variable] of Object.entries(service.buckets))
          expect(environmentOf(services[service.name])[variable]).toBe(
            GENERATED_ENV[variable] ?? service.buckets[variable],
          );
      expect(calls).toContain(`admin user add jibs ${GENERATED_ENV['S3_ACCESS_KEY_ID']}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes the gateway on 8080 and nothing else to other hosts', () => {
    expect(services['gateway'].ports).toEqual(['8080:8080']);
    for (const [name, service] of Object.entries(services)) {
      if (name === 'gateway') continue;
      for (const port of service.ports ?? [])
        expect(`${name} ${String(port)}`).toMatch(/ 127\.0\.0\.1:/);
    }
  });
});

describe('the example env file', () => {
  it('is filled by generate-secrets.sh with every secret compose requires', () => {
    const dir = mkdtempSync(join(tmpdir(), 'generate-secrets-'));
    try {
      // A copy of the layout the script expects, so its key lands in the temporary folder.
      const scripts = join(dir, 'tools/deploy/scripts');
      execFileSync('mkdir', ['-p', scripts]);
      writeFileSync(
        join(scripts, 'generate-secrets.sh'),
        readFileSync(join(ROOT, 'tools/deploy/scripts/generate-secrets.sh')),
      );
      writeFileSync(
        join(dir, 'tools/deploy/compose.env.example'),
        readFileSync(join(ROOT, 'tools/deploy/compose.env.example')),
      );
      execFileSync('bash', [join(scripts, 'generate-secrets.sh'), join(dir, '.env')], {
        stdio: 'ignore',
      });
      const env = parseEnvFile(readFileSync(join(dir, '.env'), 'utf8'));
      const required = [
        ...new Set(variables.filter((use) => use.kind === 'required').map((use) => use.name)),
      ];
      expect(required.filter((name) => !env[name])).toEqual([]);
      expect(() => loadComposeFile(COMPOSE_FILE, env)).not.toThrow();
      // The Stripe API key is the operator's own: never generated.
      expect(env['STRIPE_SECRET_KEY']).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds no secret values', () => {
    for (const [key, value] of Object.entries(EXAMPLE_ENV)) {
      if (/PASSWORD|SECRET|ACCESS_KEY/.test(key)) expect(`${key}=${value}`).toBe(`${key}=`);
    }
    expect(EXAMPLE_ENV['SMTP_URL']).not.toMatch(/@/);
  });
});

describe('Prometheus and Grafana', () => {
  const prometheus = parse(
    readFileSync(join(ROOT, 'tools/deploy/prometheus/prometheus.yml'), 'utf8'),
  ) as {
    scrape_configs: {
      job_name: string;
      metrics_path?: string;
      static_configs: { targets: string[] }[];
    }[];
  };

  it.each(SERVICE_NAMES)('Prometheus scrapes /metrics of %s on its metrics port', (name) => {
    const job = prometheus.scrape_configs.find((config) => config.job_name === name);
    expect(job?.metrics_path ?? '/metrics').toBe('/metrics');
    const metricsPort = environmentOf(services[name])['METRICS_PORT'];
    expect(metricsPort).toBeDefined();
    expect(metricsPort).not.toBe(String(SERVICES[name].port));
    expect(job?.static_configs.flatMap((config) => config.targets)).toEqual([
      `${name}:${metricsPort}`,
    ]);
  });

  const dashboardDir = join(ROOT, 'tools/deploy/grafana/dashboards');
  const dashboard = JSON.parse(readFileSync(join(dashboardDir, 'jibs-overview.json'), 'utf8')) as {
    uid: string;
    panels: {
      type: string;
      title: string;
      datasource?: { uid: string };
      targets?: { expr: string }[];
    }[];
  };
  // Rows group panels (one repeated per service); the panels in them hold the queries.
  const queryPanels = dashboard.panels.filter((panel) => panel.type !== 'row');
  const datasources = parse(
    readFileSync(
      join(ROOT, 'tools/deploy/grafana/provisioning/datasources/prometheus.yml'),
      'utf8',
    ),
  ) as { datasources: { uid: string; url: string }[] };

  it('provisions the Prometheus datasource the dashboard uses', () => {
    expect(datasources.datasources.map((source) => source.url)).toEqual(['http://prometheus:9090']);
    for (const panel of queryPanels) {
      expect(panel.datasource?.uid).toBe(datasources.datasources[0].uid);
    }
  });

  it.each([
    ['HTTP latency', 'http_request_duration_seconds_bucket'],
    ['outbox backlog', 'events_outbox_backlog'],
    ['consumer lag', 'events_consumer_lag'],
    ['dead letters', 'events_dead_letters_total'],
  ])('the dashboard shows %s (%s)', (_topic, metric) => {
    const exprs = queryPanels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    expect(exprs.some((expr) => expr.includes(metric))).toBe(true);
  });

  it('mounts the provisioning and the dashboards into Grafana', () => {
    const mounts = (services['grafana'].volumes ?? []).map(String);
    expect(mounts).toContain('./tools/deploy/grafana/provisioning:/etc/grafana/provisioning:ro');
    expect(mounts).toContain('./tools/deploy/grafana/dashboards:/etc/grafana/dashboards:ro');
    const provider = parse(
      readFileSync(join(ROOT, 'tools/deploy/grafana/provisioning/dashboards/jibs.yml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    expect(provider.providers[0].options.path).toBe('/etc/grafana/dashboards');
    expect(existsSync(dashboardDir)).toBe(true);
  });
});
