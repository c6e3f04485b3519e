import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, envHelpers, loadConfig } from '@jibs/config';
import { parseTrustProxy } from './client-address';
import { resolveSubgraphEndpoints, type SubgraphEndpoint } from './subgraph-endpoints';

const DEFAULT_SUPERGRAPH_PATH = 'apps/gateway/supergraph.graphql';

const list = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  );

/** A bare origin (`https://jibs.example`): what browsers send in `Origin`. */
const origin = z
  .string()
  .url()
  .refine((value) => new URL(value).origin === value, 'must be an origin without a path');

const wsUrl = z
  .string()
  .url()
  .refine((value) => /^wss?:$/.test(new URL(value).protocol), 'must be a ws:// or wss:// URL');

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  // 0 binds a free port (tests).
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPERGRAPH_PATH: z.string().default(DEFAULT_SUPERGRAPH_PATH),
  NOTIFICATIONS_WS_URL: wsUrl,
  /** Billing's HTTP origin for /webhooks/ and /sandbox/; from BILLING_URL's origin when unset. */
  BILLING_HTTP_URL: envHelpers.url.optional(),
  /** Notifications' HTTP origin for /unsubscribe; from NOTIFICATIONS_URL's origin when unset. */
  NOTIFICATIONS_HTTP_URL: envHelpers.url.optional(),
  JWKS_URL: envHelpers.url,
  JWT_ISSUER: z.string().default('jibs-identity'),
  JWT_AUDIENCE: z.string().default('jibs'),
  WEB_DIST_DIR: z.string().optional(),
  CORS_ORIGINS: list.pipe(z.array(origin)),
  PUBLIC_ORIGIN: origin.optional(),
  /**
   * The S3 endpoint browsers reach: allowed in `connect-src` (presigned uploads) and `img-src`
   * (photos shown through presigned URLs).
   */
  CSP_CONNECT_SRC: list,
  MAX_QUERY_DEPTH: z.coerce.number().int().min(1).default(10),
  MAX_QUERY_COST: z.coerce.number().int().min(1).default(1000),
  /** Sent to every subgraph on every request; they answer nothing else (but /health/*). */
  GATEWAY_SECRET: envHelpers.gatewaySecret,
  /** The proxies in front of the gateway: a hop count or addresses/CIDRs (client-address.ts). */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be a hop count or a list of addresses, CIDRs or loopback',
        });
        return z.NEVER;
      }
    }),
  /** /metrics on its own port for the internal network; unset: PORT + 1000 (any port when 0). */
  METRICS_PORT: envHelpers.metricsPort,
  METRICS_HOST: z.string().optional(),
  /** graphql-ws: open sockets per signed-in user and per client address, messages per socket. */
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).default(10),
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  WS_MAX_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
});

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

export interface GatewayConfig extends GatewayEnv {
  /** The committed supergraph, read once at boot. */
  supergraphSdl: string;
  subgraphs: SubgraphEndpoint[];
}

/**
 * Reads and validates the gateway's settings, the supergraph, and one `<NAME>_URL` per subgraph
 * the supergraph names. Every problem is reported at once and the gateway does not start.
 */
export function loadGatewayConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): GatewayConfig {
  const problems: string[] = [];
  let settings: GatewayEnv | undefined;
  try {
    settings = loadConfig(gatewayEnvSchema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const supergraphPath = resolve(cwd, env['SUPERGRAPH_PATH'] || DEFAULT_SUPERGRAPH_PATH);
  let supergraphSdl = '';
  let subgraphs: SubgraphEndpoint[] = [];
  try {
    supergraphSdl = readFileSync(supergraphPath, 'utf8');
    const resolved = resolveSubgraphEndpoints(supergraphSdl, env);
    problems.push(...resolved.problems);
    subgraphs = resolved.endpoints;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ? 'cannot read' : 'not a supergraph:';
    problems.push(`SUPERGRAPH_PATH: ${reason} ${supergraphPath}`);
  }
  if (problems.length || !settings) throw new ConfigError(problems);
  return { ...settings, supergraphSdl, subgraphs };
}
