import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type OperationDefinitionNode } from 'graphql';
import type { TokenVerifier } from '@jibs/auth';
import { ErrorCode, Messages, Role } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import { gatewayHeaders } from '@jibs/subgraph';
import type { GatewayContext } from './subgraph-data-source';

/**
 * How often the gateway re-reads the maintenance flag in the background, never on a request's
 * own path. A settings change that passes through this gateway is read at once
 * (`maintenanceRefreshPlugin`); this interval bounds how late another gateway replica, or a
 * change made beside the API, is seen.
 */
export const MAINTENANCE_REFRESH_MS = 30_000;

/** Mutations that may switch maintenance mode: the gateway re-reads the flag after them. */
export const MAINTENANCE_SETTING_FIELDS: ReadonlySet<string> = new Set(['updateSiteSettings']);

/**
 * Root fields anyone may still call during maintenance: what the notice needs
 * (`publicSettings`), and what an admin needs to sign in and stay signed in. Everything else
 * is answered MAINTENANCE unless the caller's token says admin.
 */
export const MAINTENANCE_OPEN_FIELDS: ReadonlySet<string> = new Set([
  'publicSettings',
  'me',
  'signIn',
  'completeSignIn',
  'startTotpEnrollment',
  'refreshSession',
  'signOut',
  '__typename',
]);

/** Where the flag comes from: identity's `publicSettings`, read as the gateway. */
export type MaintenanceSource = () => Promise<boolean>;

export function identityMaintenanceSource(
  identityUrl: string,
  gatewaySecret: string,
  timeoutMs = 2_000,
): MaintenanceSource {
  return async () => {
    const response = await fetch(identityUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...gatewayHeaders(gatewaySecret) },
      body: JSON.stringify({ query: '{ publicSettings { maintenanceMode } }' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json()) as {
      data?: { publicSettings?: { maintenanceMode?: unknown } };
    };
    const flag = body.data?.publicSettings?.maintenanceMode;
    if (typeof flag !== 'boolean') throw new Error(`identity answered ${response.status}`);
    return flag;
  };
}

/**
 * The maintenance flag as last read: off until the first read succeeds, and unchanged while
 * identity cannot be reached (a flag stuck on would lock members out over a transient error;
 * stuck off keeps today's service). Read every `refreshMs` in the background.
 */
export class MaintenanceFlag {
  private value = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private failing = false;

  constructor(
    private readonly source: MaintenanceSource,
    private readonly options: { refreshMs?: number; logger?: Logger } = {},
  ) {}

  get on(): boolean {
    return this.value;
  }

  /** Reads the flag now (once at a time); resolves when the read ended either way. */
  refresh(): Promise<void> {
    this.inFlight ??= this.source()
      .then((value) => {
        if (this.failing) this.options.logger?.info('the maintenance flag can be read again');
        this.failing = false;
        if (value !== this.value) {
          this.options.logger?.info({ maintenance: value }, 'maintenance mode changed');
        }
        this.value = value;
      })
      .catch((error: unknown) => {
        // Once per outage, not every few seconds while identity is down.
        if (!this.failing) {
          this.options.logger?.warn({ err: error }, 'cannot read the maintenance flag');
        }
        this.failing = true;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  start(): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(
      () => void this.refresh(),
      this.options.refreshMs ?? MAINTENANCE_REFRESH_MS,
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

export function maintenanceError(): GraphQLError {
  return new GraphQLError(Messages.maintenance, {
    extensions: { code: ErrorCode.Maintenance, http: { status: 200 } },
  });
}

function rootFields(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.map((selection) =>
    selection.kind === Kind.FIELD ? selection.name.value : '…',
  );
}

function bearerOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * While maintenance mode is on, answers every operation of a caller who is not an admin with
 * MAINTENANCE (the message the notice shows), except the few open fields. An admin's token is
 * verified here (signature, expiry, revocation); an invalid one is answered UNAUTHENTICATED so
 * the client renews it and tries again as what it really is.
 */
export function maintenancePlugin(
  flag: Pick<MaintenanceFlag, 'on'>,
  verifyToken: TokenVerifier,
): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (!flag.on) return;
          if (
            operation &&
            rootFields(operation).every((field) => MAINTENANCE_OPEN_FIELDS.has(field))
          )
            return;
          const token = bearerOf(contextValue.req.headers.authorization);
          if (!token) throw maintenanceError();
          let role: string;
          try {
            ({ role } = await verifyToken(token));
          } catch {
            throw new GraphQLError(Messages.sessionExpired, {
              extensions: { code: ErrorCode.Unauthenticated, http: { status: 200 } },
            });
          }
          if (role !== Role.ADMIN) throw maintenanceError();
        },
      };
    },
  };
}

/**
 * Re-reads the flag as soon as a mutation that may switch it succeeded through this gateway,
 * before its answer goes out: the admin who switched maintenance on sees it apply, and members
 * are answered by it from their next request, without the gateway polling every few seconds.
 */
export function maintenanceRefreshPlugin(
  flag: Pick<MaintenanceFlag, 'refresh'>,
): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response }) {
          if (operation?.operation !== 'mutation') return;
          if (!rootFields(operation).some((field) => MAINTENANCE_SETTING_FIELDS.has(field))) return;
          if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) return;
          await flag.refresh();
        },
      };
    },
  };
}

/** The flag read from the `identity` subgraph of this configuration (always off without one). */
export function maintenanceFlagFor(
  config: { subgraphs: readonly { name: string; url: string }[]; GATEWAY_SECRET: string },
  logger?: Logger,
): MaintenanceFlag {
  const identity = config.subgraphs.find(({ name }) => name === 'identity');
  return new MaintenanceFlag(
    identity ? identityMaintenanceSource(identity.url, config.GATEWAY_SECRET) : async () => false,
    { logger },
  );
}
