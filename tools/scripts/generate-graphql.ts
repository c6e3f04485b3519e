import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse, printSchema } from 'graphql';
import { asyncApiDocument, EventCatalog, publishCatalogSchemas } from '@jibs/events';
import { serviceDescriptors, services } from './service-registry';
import { withTempPostgres } from './temp-postgres';

/**
 * Regenerates every committed GraphQL artefact from the code: each subgraph's SDL, the composed
 * supergraph the gateway serves, its API schema and what it reads of the definitions, the web client's
 * typed operations, and the AsyncAPI document of the event catalog. CI runs it and fails on a diff.
 */
async function main(): Promise<void> {
  const root = resolve(__dirname, '../../../..');
  const subgraphs = await withTempPostgres(async (databaseUrl) => {
    const eventlog = await databaseUrl('eventlog');
    const result: { name: string; url: string; typeDefs: ReturnType<typeof parse> }[] = [];
    for (const service of services()) {
      const sdl = execFileSync(
        process.execPath,
        [
          resolve(__dirname, 'print-subgraph-schema.js'),
          service.name,
          await databaseUrl(service.name),
          eventlog,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      writeFileSync(resolve(root, `apps/${service.name}/schema.graphql`), `${sdl.trim()}\n`);
      result.push({
        name: service.name,
        url: `http://${service.name}:4000/graphql`,
        typeDefs: parse(sdl),
      });
    }
    return result;
  });
  const composed = composeServices(subgraphs);
  if (composed.errors) {
    throw new Error(
      `Composition failed:\n${composed.errors.map((error) => error.message).join('\n')}`,
    );
  }
  writeFileSync(
    resolve(root, 'apps/gateway/supergraph.graphql'),
    `${composed.supergraphSdl.trim()}\n`,
  );
  const api = printSchema(composed.schema.toAPISchema().toGraphQLJSSchema());
  writeFileSync(resolve(root, 'apps/gateway/api-schema.graphql'), `${api.trim()}\n`);
  writeFileSync(
    resolve(root, 'apps/gateway/src/service-definitions.ts'),
    gatewayServiceDefinitions(),
  );
  publishCatalogSchemas(EventCatalog, resolve(root, 'libs/events/published'));
  writeFileSync(
    resolve(root, 'docs/asyncapi.json'),
    `${JSON.stringify(asyncApiDocument(), null, 2)}\n`,
  );
  execFileSync(process.execPath, [resolve(root, 'tools/codegen/codegen-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  process.stdout.write(
    'Generated subgraph schemas, supergraph, API schema, gateway service definitions, web operations and AsyncAPI.\n',
  );
}

/** What the gateway reads from the service definitions: their names and their export tables. */
function gatewayServiceDefinitions(): string {
  const descriptors = serviceDescriptors();
  const names = descriptors.map(({ name }) => `  '${name}',\n`);
  const owners = descriptors.flatMap(({ name, exportTables }) =>
    exportTables.map((table) => `  ${table}: '${name}',\n`),
  );
  return `// Generated from the service definitions by \`npm run generate\`.

/** The subgraphs, in the order of their ports (identity first). */
export const SUBGRAPH_NAMES: readonly string[] = [
${names.join('')}];

/** Which subgraph owns each exportable table (spec 3: admin export is per table). */
export const EXPORT_TABLE_OWNERS: Readonly<Record<string, string>> = {
${owners.join('')}};
`;
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
