import 'reflect-metadata';
import { createBillingApp } from './billing-app';
import { loadBillingConfig } from './billing.config';

async function main(): Promise<void> {
  const config = loadBillingConfig();
  const { app, runtime } = await createBillingApp(config);
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`billing listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `billing failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
