import { envDefault, envOptional } from '@jibs/config';
import type { ServiceDescriptor } from '@jibs/subgraph';
import { serviceDescriptors } from '@jibs/stack';

/**
 * What each deployed service needs from its environment, as the deployment files must provide
 * it (compose and every Kubernetes overlay). Read from the service definitions
 * (`defineService`, tools/stack/src/service-registry.ts): the variables are their zod env
 * schemas' keys, the secrets the ones their definitions mark. Nothing here names a subgraph.
 */
export type ServiceName = string;

export interface ServiceSpec {
  port: number;
  /** The variables a deployment must give it. */
  env: string[];
}

/** Every subgraph, in the registry's order. */
export const SUBGRAPHS: ServiceDescriptor[] = serviceDescriptors();

/**
 * Every subgraph's deployed variables: its schema's keys but the ones it does not deploy, and
 * but the optional ones without a default (a deployment without a value leaves them unset).
 */
const subgraphSpec = (service: ServiceDescriptor): ServiceSpec => ({
  port: service.port,
  env: service.env.filter(
    (name) =>
      !service.deployOptional.includes(name) &&
      (!envOptional(service.envSchema, name) || envDefault(service.envSchema, name) !== undefined),
  ),
});

const upper = (name: string) => name.toUpperCase();

/** The gateway fronts every subgraph: one <NAME>_URL each, and the extra routes they ask for. */
const gateway: ServiceSpec = {
  port: 8080,
  env: [
    'NODE_ENV',
    'HOST',
    'PORT',
    'LOG_LEVEL',
    ...SUBGRAPHS.flatMap((service) => [
      `${upper(service.name)}_URL`,
      ...(service.subscriptions ? [`${upper(service.name)}_WS_URL`] : []),
      ...(service.gatewayHttp ? [`${upper(service.name)}_HTTP_URL`] : []),
    ]),
    'JWKS_URL',
    'JWT_ISSUER',
    'JWT_AUDIENCE',
    'WEB_DIST_DIR',
    'CORS_ORIGINS',
    'PUBLIC_ORIGIN',
    // Sent to every subgraph; the proxies in front of the gateway; /metrics's own port.
    'GATEWAY_SECRET',
    'TRUST_PROXY',
    'METRICS_PORT',
    'METRICS_HOST',
  ],
};

export const SERVICES: Record<ServiceName, ServiceSpec> = {
  ...Object.fromEntries(SUBGRAPHS.map((service) => [service.name, subgraphSpec(service)])),
  gateway,
};

export const SERVICE_NAMES = Object.keys(SERVICES);

/**
 * Values that are credentials, or carry one (database URLs): never written in a committed file.
 * The variables the services' env schemas mark with `secret()` (GATEWAY_SECRET among them).
 */
export const SECRET_VARIABLES: readonly string[] = [
  ...new Set(SUBGRAPHS.flatMap((service) => service.secrets)),
];

export function isSecretVariable(name: string): boolean {
  return SECRET_VARIABLES.includes(name);
}
