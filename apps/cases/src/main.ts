import 'reflect-metadata';
import { createCasesApp } from './cases-app';
import { loadCasesConfig } from './cases.config';

async function main(): Promise<void> {
  const config = loadCasesConfig();
  const { app, runtime } = await createCasesApp(config);
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`cases listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `cases failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
