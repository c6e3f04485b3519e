import { printSubgraphSchema } from '@apollo/subgraph';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { baseEnv, serviceEntry } from './service-registry';

/** Prints one service's subgraph SDL (run in its own process by generate-graphql). */
async function main(): Promise<void> {
  const [name, databaseUrl, eventlogUrl] = process.argv.slice(2);
  const service = name ? serviceEntry(name) : undefined;
  if (!service || !databaseUrl || !eventlogUrl)
    throw new Error('Usage: print-subgraph-schema <service> <databaseUrl> <eventlogUrl>');
  const app = await service.load().createApp(baseEnv(databaseUrl, eventlogUrl));
  await app.init();
  const sdl = printSubgraphSchema(app.get(GraphQLSchemaHost).schema);
  await app.close();
  process.stdout.write(`${sdl.trim()}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
