import 'reflect-metadata';
import { createNotificationsApp } from './notifications-app';
import { loadNotificationsConfig } from './notifications.config';

async function main(): Promise<void> {
  const config = loadNotificationsConfig();
  const { app, runtime } = await createNotificationsApp(config);
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`notifications listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `notifications failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
