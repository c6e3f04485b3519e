import { redactConfig } from '@jibs/config';
import { createLogger, logProcessAsJson } from '@jibs/observability';
import type { Service, ServiceConfig } from './define-service';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * A service's `main`: its config from the environment, the app built and listening. A failure
 * ends the process with one fatal JSON line carrying its message only (a bad value may be a
 * secret); the configuration is logged at debug level with its secrets masked. From the first
 * line on, the process prints JSON only (console.* and uncaught errors included).
 */
export function runService<C extends ServiceConfig, R extends object>(
  service: Service<C, R>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const { name, descriptor } = service;
  // The config check names a bad LOG_LEVEL; until then, one that pino knows.
  const level = env.LOG_LEVEL && LEVELS.has(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info';
  const processLogger = createLogger(name, level);
  logProcessAsJson(processLogger);
  const start = async () => {
    const config = service.loadConfig(env);
    const { app, runtime } = await service.createApp(config);
    runtime.logger.debug({ config: redactConfig(config, descriptor.secrets) }, 'configuration');
    await app.listen(config.PORT, config.HOST);
    runtime.logger.info(`${name} listening on http://${config.HOST}:${config.PORT}/graphql`);
  };
  start().catch((error: unknown) => {
    processLogger.fatal(
      { reason: error instanceof Error ? error.message : String(error) },
      `${name} failed to start`,
    );
    process.exit(1);
  });
}
