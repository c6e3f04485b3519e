import 'reflect-metadata';
import { createDocumentsApp } from './documents-app';
import { loadDocumentsConfig } from './documents.config';

async function main(): Promise<void> {
  const config = loadDocumentsConfig();
  const { app, runtime } = await createDocumentsApp(config);
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`documents listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `documents failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
