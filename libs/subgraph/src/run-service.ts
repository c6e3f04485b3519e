import { redactConfig } from '@jibs/config';
import type { Service, ServiceConfig } from './define-service';

/**
 * A service's `main`: its config from the environment, the app built and listening. A failure
 * ends the process with its message only (the logger may not exist yet, and a bad value may be
 * a secret); the configuration is logged at debug level with its secrets masked.
 */
export function runService<C extends ServiceConfig, R extends object>(
  service: Service<C, R>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const { name, descriptor } = service;
  const start = async () => {
    const config = service.loadConfig(env);
    const { app, runtime } = await service.createApp(config);
    runtime.logger.debug({ config: redactConfig(config, descriptor.secrets) }, 'configuration');
    await app.listen(config.PORT, config.HOST);
    runtime.logger.info(`${name} listening on http://${config.HOST}:${config.PORT}/graphql`);
  };
  start().catch((error: unknown) => {
    process.stderr.write(
      `${name} failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
