import { ConfigError, redactConfig } from '@jibs/config';
import {
  createLogger,
  exitWithParent,
  logProcessAsJson,
  runningTracing,
  startTracing,
} from '@jibs/observability';
import type { GatewayConfig } from './gateway.config';

// First: the gateway's modules load http after this, so the instrumentation hooks it.
startTracing('gateway');

/** How long a graceful stop may take before the process gives up on it. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const [{ loadGatewayConfig }, { createGatewayServer }] = await Promise.all([
    import('./gateway.config.js'),
    import('./gateway-server.js'),
  ]);
  const logger = createLogger('gateway');
  // JSON only, from here on: console.* of libraries (graphql-ws) and uncaught errors included.
  logProcessAsJson(logger);
  let config: GatewayConfig;
  try {
    config = loadGatewayConfig();
  } catch (error) {
    const details = error instanceof ConfigError ? { problems: error.problems } : { err: error };
    logger.fatal(details, 'invalid gateway configuration');
    process.exit(1);
  }
  logger.level = config.LOG_LEVEL;
  const { supergraphSdl: _sdl, ...settings } = config;
  logger.info({ config: redactConfig(settings, []) }, 'gateway configuration');

  const running = await createGatewayServer(config, { logger }).catch((error: unknown) => {
    logger.fatal({ err: error }, 'gateway failed to start');
    process.exit(1);
  });

  exitWithParent();
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopping gateway');
    setTimeout(() => {
      logger.error('graceful stop timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    running.stop().then(
      // The last spans, before the process ends.
      () => (runningTracing()?.shutdown() ?? Promise.resolve()).finally(() => process.exit(0)),
      (error: unknown) => {
        logger.error({ err: error }, 'gateway stopped with an error');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
