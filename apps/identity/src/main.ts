import 'reflect-metadata';
import { redactConfig } from '@jibs/config';
import { createIdentityApp } from './identity-app';
import { IDENTITY_SECRET_KEYS, loadIdentityConfig } from './identity.config';

async function main(): Promise<void> {
  const config = loadIdentityConfig();
  const { app, runtime } = await createIdentityApp(config);
  runtime.logger.debug({ config: redactConfig(config, IDENTITY_SECRET_KEYS) }, 'configuration');
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`identity listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  // The logger may not exist yet (bad configuration): print the message only, no values.
  process.stderr.write(
    `identity failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
