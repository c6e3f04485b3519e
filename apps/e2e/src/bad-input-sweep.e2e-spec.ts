// A generated bad-input sweep against the running stack: every mutation and every argument of
// the committed API schema (and every field of its input objects) gets NUL bytes, lone
// surrogates, huge strings and wrong types, plus junk cookies and junk extensions, through the
// gateway and straight at the subgraph that owns the mutation (with the gateway's credential,
// as only the gateway can call it). Nothing may answer INTERNAL_SERVER_ERROR or HTTP 5xx.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  buildSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { freeStackPorts, LocalStack } from '@jibs/stack';
import { aSignUp, GraphQLClient } from './support/graphql-client';
import { signUpByApi } from './support/sign-up';

const ROOT = resolve(__dirname, '../../..');
const schema = buildSchema(readFileSync(join(ROOT, 'apps/gateway/api-schema.graphql'), 'utf8'));
const mutationType = schema.getMutationType()!;

/** Which subgraph owns each mutation, from the supergraph's join directives. */
const owners = new Map(
  [
    ...readFileSync(join(ROOT, 'apps/gateway/supergraph.graphql'), 'utf8').matchAll(
      /^\s+(\w+)\(?[^\n]*@join__field\(graph: (\w+)\)/gm,
    ),
  ].map((match) => [match[1]!, match[2]!.toLowerCase()]),
);

const BAD_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['lone high surrogate', 'x\ud800y'],
  ['lone low surrogate', '\udc00'],
  ['20k string', 'x'.repeat(20_000)],
  ['200k string', 'y'.repeat(200_000)],
  ['number', 12345],
  ['huge number', 1e308],
  ['boolean', true],
  ['object', { nested: 'x' }],
  ['list', ['x', 1]],
  ['null', null],
];

const JUNK_COOKIES = [
  'jibs_refresh=%%%',
  'jibs_refresh=%E0%A4%A',
  `jibs_refresh=${'z'.repeat(4000)}`,
  'jibs_refresh=; jibs_refresh=a; =b; ;;',
];

const JUNK_EXTENSIONS: unknown[] = [
  { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } },
  { persistedQuery: { version: 2, sha256Hash: 'x' } },
  { persistedQuery: 'x' },
  'extensions',
  [1, 2],
];

/** A value of the right type that passes GraphQL's own checks. */
function plausible(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, depth);
  if (isListType(type)) return [plausible(type.ofType, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [
        field.name,
        plausible(field.type, depth + 1),
      ]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return true;
      case 'ID':
        return '00000000-0000-4000-8000-000000000000';
      case 'DateTime':
        return '2020-01-01T00:00:00.000Z';
      default:
        return 'x';
    }
  }
  return null;
}

/** Every place a bad value can go in an argument: the argument, and its input fields. */
function pathsOf(type: GraphQLInputType, prefix: string[] = [], depth = 0): string[][] {
  const paths = [prefix];
  const named = getNamedType(type);
  if (isInputObjectType(named) && depth < 3) {
    for (const field of Object.values(named.getFields())) {
      paths.push(...pathsOf(field.type, [...prefix, field.name], depth + 1));
    }
  }
  return paths;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object' || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

function operationFor(field: GraphQLField<unknown, unknown>): string {
  const args = field.args as readonly GraphQLArgument[];
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `mutation Sweep${declared ? `(${declared})` : ''} { ${field.name}${
    passed ? `(${passed})` : ''
  }${selection} }`;
}

interface Probe {
  label: string;
  body: unknown;
  cookie?: string;
}

function probesFor(field: GraphQLField<unknown, unknown>): Probe[] {
  const query = operationFor(field);
  const base = () =>
    Object.fromEntries(field.args.map((arg) => [arg.name, plausible(arg.type)])) as Record<
      string,
      unknown
    >;
  const probes: Probe[] = [];
  for (const arg of field.args) {
    for (const path of pathsOf(arg.type, [arg.name])) {
      for (const [name, value] of BAD_VALUES) {
        const variables = base();
        setAt(variables, path, value);
        probes.push({
          label: `${field.name} ${path.join('.')} = ${name}`,
          body: { query, variables },
        });
      }
    }
  }
  for (const cookie of JUNK_COOKIES) {
    probes.push({
      label: `${field.name} cookie ${cookie.slice(0, 30)}`,
      body: { query, variables: base() },
      cookie,
    });
  }
  for (const extensions of JUNK_EXTENSIONS) {
    probes.push({
      label: `${field.name} extensions ${JSON.stringify(extensions).slice(0, 40)}`,
      body: { query, variables: base(), extensions },
    });
  }
  probes.push({
    label: `${field.name} operationName not in the document`,
    body: { query, variables: base(), operationName: 'NotHere' },
  });
  return probes;
}

describe('generated bad-input sweep, through the gateway and straight at the subgraphs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'jibs-e2e-sweep-'));
  const logs: string[] = [];
  let stack: LocalStack;

  beforeAll(async () => {
    stack = new LocalStack({
      root: ROOT,
      dataDir,
      ...(await freeStackPorts()),
      logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
      log: (service, line) => {
        logs.push(`[${service}] ${line}`);
        if (logs.length > 500) logs.shift();
      },
    });
    try {
      await stack.start();
    } catch (error) {
      await stack.stop();
      throw new Error(`${(error as Error).message}\n${logs.slice(-40).join('\n')}`);
    }
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every bad input with a client error: 0 INTERNAL errors, 0 HTTP 5xx', async () => {
    const member = new GraphQLClient(`${stack.gatewayUrl}/graphql`);
    const token = (await signUpByApi(member, stack, aSignUp())).accessToken;
    const { gatewaySecret } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
      gatewaySecret: string;
    };

    let sent = 0;
    const failures: string[] = [];
    const send = async (
      target: string,
      url: string,
      probe: Probe,
      extra: Record<string, string>,
    ) => {
      sent++;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(probe.cookie ? { cookie: probe.cookie } : {}),
          ...extra,
        },
        body: JSON.stringify(probe.body),
      });
      const text = await res.text();
      if (res.status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) {
        failures.push(`${target} ${res.status} ${probe.label}: ${text.slice(0, 200)}`);
      }
    };

    const mutations = Object.values(mutationType.getFields());
    for (const field of mutations) {
      const owner = owners.get(field.name);
      const subgraph = owner ? stack.services.get(owner as 'identity') : undefined;
      for (const probe of probesFor(field)) {
        await send('gateway', `${stack.gatewayUrl}/graphql`, probe, {});
        if (subgraph) {
          await send(owner!, `${subgraph.url}/graphql`, probe, {
            'x-jibs-gateway-secret': gatewaySecret,
            'x-jibs-client-ip': '198.51.100.77',
          });
        }
      }
    }

    // Requests that are broken before any mutation is read.
    const raw: [string, RequestInit & { path?: string }][] = [
      [
        '5,000-deep selection',
        { body: JSON.stringify({ query: `{ me ${'{ id '.repeat(5000)}${'}'.repeat(5000)} }` }) },
      ],
      ['malformed JSON', { body: '{"query": "{ me { id } }"' }],
      ['JSON that is not an object', { body: '"just a string"' }],
      ['a batch of junk', { body: JSON.stringify([null, 1, 'x']) }],
      [
        'deeply nested variables',
        {
          body: JSON.stringify({
            query: '{ me { id } }',
            variables: { a: JSON.parse(`${'['.repeat(3000)}${']'.repeat(3000)}`) },
          }),
        },
      ],
    ];
    for (const [label, init] of raw) {
      sent++;
      const res = await fetch(`${stack.gatewayUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        ...init,
      });
      const text = await res.text();
      if (res.status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) {
        failures.push(`gateway ${res.status} ${label}: ${text.slice(0, 200)}`);
      }
    }
    for (const path of [
      '/%00',
      '/graphql%00',
      '/sandbox/%00',
      '/sandbox/checkout/%00',
      '/webhooks/%00',
      '/assets/%00.js',
      '/%E0%A4%A',
      '/profile%00',
    ]) {
      for (const method of ['GET', 'POST']) {
        sent++;
        const res = await fetch(`${stack.gatewayUrl}${path}`, {
          method,
          headers: { accept: 'text/html' },
        });
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`gateway ${res.status} ${method} ${path}`);
      }
    }

    process.stdout.write(`bad-input sweep: ${sent} requests, ${failures.length} failures\n`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
