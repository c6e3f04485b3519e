import 'reflect-metadata';
import { createMemorialsApp } from './memorials-app';
import { loadMemorialsConfig } from './memorials.config';

async function main(): Promise<void> {
  const config = loadMemorialsConfig();
  const { app, runtime } = await createMemorialsApp(config);
  await app.listen(config.PORT, config.HOST);
  runtime.logger.info(`memorials listening on http://${config.HOST}:${config.PORT}/graphql`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `memorials failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
