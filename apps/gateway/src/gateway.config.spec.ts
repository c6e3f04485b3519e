import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@jibs/config';
import { loadGatewayConfig } from './gateway.config';
import { subgraphNames, subgraphUrlVariable } from './subgraph-endpoints';

const SUPERGRAPH = `
  schema @link(url: "https://specs.apollo.dev/join/v0.5", for: EXECUTION) { query: Query }
  directive @join__graph(name: String!, url: String!) on ENUM_VALUE
  enum join__Graph {
    IDENTITY @join__graph(name: "identity", url: "http://compose-time/identity")
    CASE_REVIEWS @join__graph(name: "case-reviews", url: "http://compose-time/cases")
  }
  type Query { ok: Boolean }
`;

describe('gateway configuration', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-config-'));
    writeFileSync(join(dir, 'supergraph.graphql'), SUPERGRAPH);
    env = {
      SUPERGRAPH_PATH: 'supergraph.graphql',
      IDENTITY_URL: 'http://127.0.0.1:4001/graphql',
      CASE_REVIEWS_URL: 'http://127.0.0.1:4003/graphql',
      NOTIFICATIONS_WS_URL: 'ws://127.0.0.1:4006/graphql',
      JWKS_URL: 'http://127.0.0.1:4001/.well-known/jwks.json',
      GATEWAY_SECRET: 's'.repeat(32),
    };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const problemsOf = (attempt: () => unknown): string[] => {
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('expected a ConfigError');
  };

  it('applies the documented defaults', () => {
    const config = loadGatewayConfig(env, dir);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 8080,
      JWT_ISSUER: 'jibs-identity',
      JWT_AUDIENCE: 'jibs',
      CORS_ORIGINS: [],
      MAX_QUERY_DEPTH: 10,
      MAX_QUERY_COST: 1000,
    });
    expect(config.WEB_DIST_DIR).toBeUndefined();
    expect(config.supergraphSdl).toBe(SUPERGRAPH);
  });

  it("takes each subgraph's address from <NAME>_URL, not from the supergraph", () => {
    expect(loadGatewayConfig(env, dir).subgraphs).toEqual([
      { name: 'identity', url: 'http://127.0.0.1:4001/graphql' },
      { name: 'case-reviews', url: 'http://127.0.0.1:4003/graphql' },
    ]);
  });

  it('fails fast on every missing or malformed subgraph URL, with the other problems', () => {
    delete env.IDENTITY_URL;
    delete env.JWKS_URL;
    env.CASE_REVIEWS_URL = 'ftp://nope';
    const problems = problemsOf(() => loadGatewayConfig(env, dir));
    expect(problems).toContain('IDENTITY_URL: required for the "identity" subgraph');
    expect(problems).toContain('CASE_REVIEWS_URL: must be an http(s) URL');
    expect(problems.some((problem) => problem.startsWith('JWKS_URL'))).toBe(true);
  });

  it('names the variables that are wrong, never their values', () => {
    const problems = problemsOf(() =>
      loadGatewayConfig(
        {
          ...env,
          NOTIFICATIONS_WS_URL: 'http://secret-host/graphql',
          CORS_ORIGINS: 'https://ok.example, https://bad.example/path',
          MAX_QUERY_DEPTH: '0',
          JWKS_URL: undefined,
        },
        dir,
      ),
    );
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'CORS_ORIGINS.1',
      'JWKS_URL',
      'MAX_QUERY_DEPTH',
      'NOTIFICATIONS_WS_URL',
    ]);
    expect(problems.join('\n')).not.toContain('secret-host');
  });

  it('splits CORS origins and reads the limits', () => {
    const config = loadGatewayConfig(
      {
        ...env,
        CORS_ORIGINS: 'https://a.example, https://b.example',
        MAX_QUERY_DEPTH: '7',
        MAX_QUERY_COST: '500',
        PORT: '0',
      },
      dir,
    );
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.MAX_QUERY_DEPTH).toBe(7);
    expect(config.MAX_QUERY_COST).toBe(500);
    expect(config.PORT).toBe(0);
  });

  it('reports an unreadable supergraph and one that is not composed', () => {
    expect(
      problemsOf(() => loadGatewayConfig({ ...env, SUPERGRAPH_PATH: 'missing.graphql' }, dir)),
    ).toEqual([`SUPERGRAPH_PATH: cannot read ${join(dir, 'missing.graphql')}`]);
    writeFileSync(join(dir, 'plain.graphql'), 'type Query { ok: Boolean }');
    expect(
      problemsOf(() => loadGatewayConfig({ ...env, SUPERGRAPH_PATH: 'plain.graphql' }, dir)),
    ).toEqual([`SUPERGRAPH_PATH: not a supergraph: ${join(dir, 'plain.graphql')}`]);
  });
  it('requires the gateway secret and a sane proxy trust', () => {
    const { GATEWAY_SECRET: _secret, ...withoutSecret } = env;
    expect(problemsOf(() => loadGatewayConfig(withoutSecret, dir)).join('\n')).toContain(
      'GATEWAY_SECRET',
    );
    expect(loadGatewayConfig(env, dir).TRUST_PROXY).toBe(0);
    expect(loadGatewayConfig({ ...env, TRUST_PROXY: '1' }, dir).TRUST_PROXY).toBe(1);
    expect(problemsOf(() => loadGatewayConfig({ ...env, TRUST_PROXY: 'true' }, dir))).toEqual([
      'TRUST_PROXY: TRUST_PROXY must be a hop count or a list of addresses, CIDRs or loopback',
    ]);
  });
});

describe('subgraph names', () => {
  it('reads join__Graph and derives the variable names', () => {
    expect(subgraphNames(SUPERGRAPH)).toEqual(['identity', 'case-reviews']);
    expect(subgraphUrlVariable('case-reviews')).toBe('CASE_REVIEWS_URL');
  });
});
