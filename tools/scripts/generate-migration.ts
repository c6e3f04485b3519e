import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@jibs/database';
import { services } from './service-registry';
import { withTempPostgres } from './temp-postgres';

/**
 * `npm run migration:generate -- <service> <Name>`: runs the service's migrations on a fresh
 * Postgres, compares with its entities and writes the difference as a new migration to review.
 * With `--check` it only fails when a migration would be generated (CI).
 */
async function main(): Promise<void> {
  const [name, migrationName] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const check = process.argv.includes('--check');
  const root = resolve(__dirname, '../../../..');
  const all = services();
  const targets = check && !name ? all : all.filter((service) => service.name === name);
  if (!targets.length || (!check && !migrationName)) {
    throw new Error(
      `Usage: migration:generate <${all.map((service) => service.name).join('|')}> <Name> | --check`,
    );
  }
  let dirty = false;
  await withTempPostgres(async (databaseUrl) => {
    for (const target of targets) {
      const service = { name: target.name, ...target.load() };
      const dataSource = new DataSource(
        dataSourceOptions({
          url: await databaseUrl(service.name),
          entities: service.entities as never,
          migrations: service.migrations as never,
        }),
      );
      await dataSource.initialize();
      await dataSource.runMigrations();
      const log = await dataSource.driver.createSchemaBuilder().log();
      await dataSource.destroy();
      const up = log.upQueries.map((query) => query.query);
      if (check) {
        if (up.length) {
          dirty = true;
          process.stderr.write(
            `${service.name}: entities differ from migrations:\n  ${up.join(';\n  ')}\n`,
          );
        } else process.stdout.write(`${service.name}: migrations match the entities.\n`);
        continue;
      }
      if (!up.length) {
        process.stdout.write(`${service.name}: nothing to generate.\n`);
        continue;
      }
      const timestamp = Date.now();
      const className = `${migrationName}${timestamp}`;
      const kebab = migrationName!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
      const quote = (sql: string) => `    await queryRunner.query(${JSON.stringify(sql)});`;
      const down = log.downQueries.map((query) => query.query).reverse();
      const file = resolve(root, `apps/${service.name}/src/migrations/${timestamp}-${kebab}.ts`);
      writeFileSync(
        file,
        `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${className} implements MigrationInterface {\n  name = '${className}';\n\n  async up(queryRunner: QueryRunner): Promise<void> {\n${up.map(quote).join('\n')}\n  }\n\n  async down(queryRunner: QueryRunner): Promise<void> {\n${down.map(quote).join('\n')}\n  }\n}\n`,
      );
      process.stdout.write(
        `${service.name}: wrote ${file}; add ${className} to its migrations/index.ts.\n`,
      );
    }
  });
  if (dirty) process.exit(1);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
