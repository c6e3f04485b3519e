import { userInfo } from 'node:os';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { loadConfig, serviceEnvSchema } from '@jibs/config';
import { DomainError } from '@jibs/domain';
import { createBroker, type KafkaSettings } from './create-broker';
import { DeadLetterActionEntity } from './dead-letter-action.entity';
import { DeadLetterStore, groupsOfService, type DeadLetter } from './dead-letter-store';
import type { EventBroker } from './event-broker';

export const DEAD_LETTER_USAGE = `Usage: npm run events -- dlq <command>
  dlq list [--topic <topic>] [--service <name>] [--json]
  dlq replay <id>
  dlq replay --all [--topic <topic>] [--service <name>]
  dlq discard <id> --reason "<why>"

The bus as the services reach it: EVENT_BROKER (postgres|kafka), EVENTLOG_DATABASE_URL or
KAFKA_BROKERS (and KAFKA_TOPIC_PREFIX, KAFKA_SASL_*, KAFKA_TLS* as the services read them).
Each service's database, where what was done with its dead letters is kept:
<SERVICE>_DATABASE_URL (NOTIFICATIONS_DATABASE_URL, ...), or DATABASE_URL with --service <name>.`;

const S = serviceEnvSchema.shape;
/** The services' own variables for the bus (the same parsing and defaults). */
const busEnvSchema = z
  .object({
    EVENT_BROKER: S.EVENT_BROKER,
    EVENTLOG_DATABASE_URL: S.EVENTLOG_DATABASE_URL,
    KAFKA_BROKERS: S.KAFKA_BROKERS,
    KAFKA_SASL_MECHANISM: S.KAFKA_SASL_MECHANISM,
    KAFKA_SASL_USERNAME: S.KAFKA_SASL_USERNAME,
    KAFKA_SASL_PASSWORD: S.KAFKA_SASL_PASSWORD,
    KAFKA_TLS: S.KAFKA_TLS,
    KAFKA_TLS_CA_FILE: S.KAFKA_TLS_CA_FILE,
    KAFKA_TLS_CERT_FILE: S.KAFKA_TLS_CERT_FILE,
    KAFKA_TLS_KEY_FILE: S.KAFKA_TLS_KEY_FILE,
    KAFKA_TOPIC_PREFIX: S.KAFKA_TOPIC_PREFIX,
  })
  .refine((env) => env.EVENT_BROKER !== 'postgres' || env.EVENTLOG_DATABASE_URL, {
    message: 'EVENTLOG_DATABASE_URL is required when EVENT_BROKER=postgres',
    path: ['EVENTLOG_DATABASE_URL'],
  })
  .refine((env) => env.EVENT_BROKER !== 'kafka' || env.KAFKA_BROKERS?.length, {
    message: 'KAFKA_BROKERS is required when EVENT_BROKER=kafka',
    path: ['KAFKA_BROKERS'],
  });

/** A mistake in the command itself: the usage is printed, exit code 2. */
export class UsageError extends Error {}

interface Parsed {
  command: 'list' | 'replay' | 'replay-all' | 'discard';
  id?: string;
  topic?: string;
  service?: string;
  reason?: string;
  json: boolean;
}

export function parseDeadLetterArgs(argv: readonly string[]): Parsed {
  const [area, verb, ...rest] = argv;
  if (area !== 'dlq') throw new UsageError(`Unknown command "${area ?? ''}"`);
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--all' || arg === '--json') flags[arg.slice(2)] = true;
    else if (arg === '--topic' || arg === '--service' || arg === '--reason') {
      const value = rest[++i];
      if (value === undefined || value.startsWith('--'))
        throw new UsageError(`${arg} needs a value`);
      flags[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}`);
    else positional.push(arg);
  }
  const text = (name: string) => (typeof flags[name] === 'string' ? flags[name] : undefined);
  const common = { topic: text('topic'), service: text('service'), json: flags['json'] === true };
  switch (verb) {
    case 'list':
      if (positional.length) throw new UsageError('dlq list takes no id');
      return { command: 'list', ...common };
    case 'replay':
      if (flags['all']) {
        if (positional.length) throw new UsageError('dlq replay takes an id or --all, not both');
        return { command: 'replay-all', ...common };
      }
      if (positional.length !== 1) throw new UsageError('dlq replay needs one id (or --all)');
      return { command: 'replay', id: positional[0], ...common };
    case 'discard':
      if (positional.length !== 1) throw new UsageError('dlq discard needs one id');
      if (flags['reason'] === undefined) throw new UsageError('dlq discard needs --reason "<why>"');
      return { command: 'discard', id: positional[0], reason: text('reason'), ...common };
    default:
      throw new UsageError(`Unknown dlq command "${verb ?? ''}"`);
  }
}

/** The service a consumer group belongs to (`notifications.welcome` -> `notifications`). */
function serviceOfGroup(group: string): string {
  return group.slice(0, Math.max(group.indexOf('.'), 0));
}

function databaseUrlOf(
  service: string,
  env: NodeJS.ProcessEnv,
  chosen?: string,
): string | undefined {
  const own = env[`${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`];
  return own ?? (chosen === service ? env['DATABASE_URL'] : undefined);
}

/**
 * `npm run events -- dlq ...`: the services' dead letters from the command line, on either
 * broker, through the same store as the Operations page (so the same rules: each dead letter
 * replayed or discarded once, kept in its service's `dead_letter_actions`, actor `cli:<user>`).
 * Returns the exit code; writes its report to `out`, problems to `err`.
 */
export async function runDeadLetterCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let parsed: Parsed;
  let bus: z.output<typeof busEnvSchema>;
  try {
    parsed = parseDeadLetterArgs(argv);
    bus = loadConfig(busEnvSchema, env);
  } catch (error) {
    err(error instanceof Error ? error.message : String(error));
    err(DEAD_LETTER_USAGE);
    return 2;
  }
  const actor = `cli:${env['USER'] ?? safeUser()}`;
  const broker = createBroker({
    kind: bus.EVENT_BROKER,
    eventlogUrl: bus.EVENTLOG_DATABASE_URL,
    kafkaBrokers: bus.KAFKA_BROKERS,
    kafka: kafkaSettings(bus),
    clientId: 'jibs-events-cli',
  });
  const dataSources = new Map<string, DataSource>();
  const storeOf = async (service: string): Promise<DeadLetterStore | undefined> => {
    const url = databaseUrlOf(service, env, parsed.service);
    if (!url) return undefined;
    let dataSource = dataSources.get(service);
    if (!dataSource) {
      dataSource = new DataSource({
        type: 'postgres',
        url,
        entities: [DeadLetterActionEntity],
        logging: false,
        extra: { max: 2, application_name: 'jibs-events-cli' },
      });
      await dataSource.initialize();
      dataSources.set(service, dataSource);
    }
    return new DeadLetterStore(broker, dataSource, groupsOfService(service));
  };
  try {
    return await run(parsed, broker, storeOf, actor, out, err);
  } catch (error) {
    if (error instanceof DomainError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await broker.close();
    for (const dataSource of dataSources.values()) await dataSource.destroy();
  }
}

async function run(
  parsed: Parsed,
  broker: EventBroker,
  storeOf: (service: string) => Promise<DeadLetterStore | undefined>,
  actor: string,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  // The services that have dead letters on the bus (or the one asked for).
  const stored = await broker.readDeadLetters!();
  const groups = new Set(
    stored.map((letter) => (letter.value as { deadlettergroup?: unknown }).deadlettergroup),
  );
  const services = parsed.service
    ? [parsed.service]
    : [
        ...new Set(
          [...groups].filter((g): g is string => typeof g === 'string').map(serviceOfGroup),
        ),
      ].filter(Boolean);

  if (parsed.command === 'replay' || parsed.command === 'discard') {
    const letter = stored.find((candidate) => candidate.id === parsed.id);
    const group = (letter?.value as { deadlettergroup?: unknown } | undefined)?.deadlettergroup;
    const service = typeof group === 'string' ? serviceOfGroup(group) : parsed.service;
    const store = service ? await storeOf(service) : undefined;
    if (!store) {
      if (!service) throw DomainError.notFound('This dead letter was not found.');
      err(`No database for ${service}: set ${service.toUpperCase()}_DATABASE_URL.`);
      return 1;
    }
    const action =
      parsed.command === 'replay'
        ? await store.replay(parsed.id!, actor)
        : await store.discard(parsed.id!, actor, parsed.reason ?? '');
    out(`${action.action} ${action.deadLetterId} (${service}, ${action.topic})`);
    return 0;
  }

  const letters: Array<DeadLetter & { service: string }> = [];
  const unknown: string[] = [];
  let replayed = 0;
  for (const service of services) {
    const store = await storeOf(service);
    if (!store) {
      unknown.push(service);
      continue;
    }
    if (parsed.command === 'replay-all')
      replayed += await store.replayAll(actor, parsed.topic ? { topic: parsed.topic } : {});
    else
      for (const letter of await store.list(parsed.topic ? { topic: parsed.topic } : {}))
        letters.push({ ...letter, service });
  }
  for (const service of unknown)
    err(
      `${service}: its database is not configured (${service.toUpperCase()}_DATABASE_URL); its dead letters are left out.`,
    );
  if (parsed.command === 'replay-all') {
    out(`replayed ${replayed}`);
    return unknown.length ? 1 : 0;
  }
  if (parsed.json) out(JSON.stringify(letters, null, 2));
  else if (letters.length === 0) out('No dead letters.');
  else
    for (const letter of letters)
      out(
        [
          letter.id,
          letter.service,
          letter.group,
          `attempts=${letter.attempts}`,
          letter.deadLetteredAt,
          `event=${String(letter.event['id'] ?? '')}`,
          `error=${JSON.stringify(letter.error)}`,
        ].join('  '),
      );
  return unknown.length ? 1 : 0;
}

function kafkaSettings(env: z.output<typeof busEnvSchema>): KafkaSettings {
  const mechanism = env.KAFKA_SASL_MECHANISM;
  return {
    ...(mechanism && {
      sasl: {
        mechanism,
        username: env.KAFKA_SASL_USERNAME ?? '',
        password: env.KAFKA_SASL_PASSWORD ?? '',
      },
    }),
    tls: env.KAFKA_TLS && {
      caFile: env.KAFKA_TLS_CA_FILE,
      certFile: env.KAFKA_TLS_CERT_FILE,
      keyFile: env.KAFKA_TLS_KEY_FILE,
    },
    topicPrefix: env.KAFKA_TOPIC_PREFIX,
  };
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
