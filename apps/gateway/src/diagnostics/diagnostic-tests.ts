import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { gatewayHeaders, type DiagnosticResult } from '@jibs/subgraph';
import { SUBGRAPH_NAMES } from '../service-definitions';
import type { SubgraphEndpoint } from '../subgraph-endpoints';

/** What a test may use: the subgraphs, the gateway's credential, the schema it serves. */
export interface DiagnosticContext {
  subgraphs: readonly SubgraphEndpoint[];
  gatewaySecret: string;
  /** The committed supergraph the gateway serves (apps/gateway/supergraph.graphql). */
  supergraphSdl: string;
}

export type DiagnosticCategory = 'services' | 'data' | 'integrations' | 'schema';

export interface DiagnosticTest {
  id: string;
  name: string;
  description: string;
  category: DiagnosticCategory;
  /** Throws with the reason when the check fails. */
  run(context: DiagnosticContext): Promise<void>;
}

/** Each hop to a service gets this long: a stopped one fails fast, a hung one within seconds. */
export const SERVICE_TIMEOUT_MS = 6_000;

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function endpoint(context: DiagnosticContext, name: string): SubgraphEndpoint {
  const found = context.subgraphs.find((subgraph) => subgraph.name === name);
  if (!found) throw new Error(`the gateway has no "${name}" service configured`);
  return found;
}

/** Node's fetch hides the reason in `cause` (ECONNREFUSED and the like): say it plainly. */
async function reach(name: string, url: URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED')
      throw new Error(`${name} is not running (connection refused)`);
    if ((error as Error).name === 'TimeoutError') {
      throw new Error(`${name} did not answer within ${SERVICE_TIMEOUT_MS / 1000} s`);
    }
    throw new Error(`${name} cannot be reached: ${cause?.message ?? (error as Error).message}`);
  }
}

interface Readiness {
  status?: string;
  checks?: Record<string, string>;
}

async function readinessOf(name: string, url: string): Promise<{ ok: boolean; body: Readiness }> {
  const response = await reach(name, new URL('/health/ready', url));
  const body = (await response.json().catch(() => ({}))) as Readiness;
  return { ok: response.status === 200, body };
}

const downChecks = (body: Readiness) =>
  Object.entries(body.checks ?? {})
    .filter(([, status]) => status !== 'ok')
    .map(([check]) => check);

/** Asks a service to run one of its own checks (`/diagnostics/:name`, gateway only). */
function serviceCheck(
  id: string,
  service: string,
  check: string,
  name: string,
  description: string,
  category: DiagnosticCategory,
): DiagnosticTest {
  return {
    id,
    name,
    description,
    category,
    run: async (context) => {
      const { url } = endpoint(context, service);
      const response = await reach(service, new URL(`/diagnostics/${check}`, url), {
        headers: gatewayHeaders(context.gatewaySecret),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<DiagnosticResult>;
      if (response.status !== 200) throw new Error(`${service} answered ${response.status}`);
      if (body.status !== 'passed') throw new Error(`${service}: ${body.reason ?? 'failed'}`);
    },
  };
}

/** Every test the Testing tab offers: real checks of the running stack, none simulated. */
export function diagnosticTests(): DiagnosticTest[] {
  return [
    ...SUBGRAPH_NAMES.map((service): DiagnosticTest => ({
      id: `service-${service}`,
      name: `${titleCase(service)} service ready`,
      description: `The ${service} service answers its readiness probe (its database and the bus reachable).`,
      category: 'services',
      run: async (context) => {
        const { url } = endpoint(context, service);
        const { ok, body } = await readinessOf(service, url);
        if (!ok) {
          const down = downChecks(body);
          throw new Error(
            `${service} is not ready${down.length ? `: ${down.join(', ')} down` : ''}`,
          );
        }
      },
    })),
    {
      id: 'databases',
      name: 'Databases reachable',
      description: "Every service's own Postgres database answers a query.",
      category: 'data',
      run: async (context) => {
        const results = await Promise.all(
          context.subgraphs.map(async ({ name, url }) => {
            try {
              const { body } = await readinessOf(name, url);
              return body.checks?.['database'] === 'ok' ? null : `${name}: database down`;
            } catch (error) {
              return (error as Error).message;
            }
          }),
        );
        const failed = results.filter((result): result is string => result !== null);
        if (failed.length) throw new Error(failed.join('; '));
      },
    },
    serviceCheck(
      'events',
      'documents',
      'events',
      'Event round trip through the bus',
      'A diagnostics event is published and received back through the event bus.',
      'data',
    ),
    serviceCheck(
      'storage',
      'documents',
      'storage',
      'Storage write, read and delete',
      'A small object is written to the documents bucket (S3 API), read back and deleted.',
      'integrations',
    ),
    serviceCheck(
      'mail',
      'notifications',
      'mail',
      'Mail sent',
      'A test mail is handed to the mail transport (the local mailbox, or SMTP).',
      'integrations',
    ),
    serviceCheck(
      'payments',
      'billing',
      'payments',
      'Payment provider reachable',
      'Billing reaches its payment provider (Stripe with its key, or the built-in sandbox).',
      'integrations',
    ),
    {
      id: 'schema',
      name: 'Gateway schema matches the committed supergraph',
      description:
        "The running services' schemas, composed now, give the supergraph the gateway serves.",
      category: 'schema',
      run: async (context) => {
        const subgraphs = await Promise.all(
          context.subgraphs.map(async ({ name, url }) => {
            const response = await reach(name, new URL(url), {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...gatewayHeaders(context.gatewaySecret),
              },
              body: JSON.stringify({ query: '{ _service { sdl } }' }),
            });
            const body = (await response.json().catch(() => ({}))) as {
              data?: { _service?: { sdl?: string } };
            };
            const sdl = body.data?._service?.sdl;
            if (!sdl) throw new Error(`${name} did not give its schema (${response.status})`);
            // The committed supergraph names each subgraph this way (tools/scripts/generate-graphql).
            return { name, url: `http://${name}:4000/graphql`, typeDefs: parse(sdl) };
          }),
        );
        const composed = composeServices(subgraphs);
        if (composed.errors) {
          throw new Error(`the live schemas do not compose: ${composed.errors[0]!.message}`);
        }
        if (composed.supergraphSdl.trim() !== context.supergraphSdl.trim()) {
          throw new Error(
            'a service runs a schema other than the committed one (run npm run generate, then redeploy)',
          );
        }
      },
    },
  ];
}
