import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiDocs, curlExample, type AsyncApiDocument } from './api-docs';

const root = join(__dirname, '../../../../../..');
const sdl = readFileSync(join(root, 'apps/gateway/api-schema.graphql'), 'utf8');
const asyncApi = JSON.parse(
  readFileSync(join(root, 'docs/asyncapi.json'), 'utf8'),
) as AsyncApiDocument;

describe('the API documentation', () => {
  const docs = buildApiDocs(sdl, asyncApi);
  const entry = (name: string) => docs.entries.find((candidate) => candidate.name === name);

  it('lists every operation of the committed API schema with its arguments and a runnable example', () => {
    expect(entry('updateSiteSettings')).toMatchObject({
      category: 'mutation',
      fields: [{ name: 'input', type: 'UpdateSiteSettingsInput!' }],
      returns: 'SiteSettings!',
    });
    expect(entry('updateSiteSettings')!.example).toContain(
      'mutation UpdateSiteSettings($input: UpdateSiteSettingsInput!) {',
    );
    expect(entry('publicSettings')!.example).toMatch(/publicSettings \{ siteName .*\}/);
    expect(entry('notificationAdded')?.category).toBe('subscription');
  });

  it('lists every event of the catalog with its data fields', () => {
    const registered = entry('user.registered');
    expect(registered?.category).toBe('event');
    expect(registered?.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['userId', 'email']),
    );
    expect(docs.entries.filter((candidate) => candidate.category === 'event')).toHaveLength(
      Object.keys(asyncApi.components.messages).length,
    );
  });

  it('prints the type definitions, without the built-in scalars', () => {
    const names = docs.types.map((type) => type.name);
    expect(names).toContain('SiteSettings');
    expect(names).not.toContain('String');
    expect(docs.types.find((type) => type.name === 'SiteSettings')!.sdl).toContain(
      'maintenanceMode: Boolean!',
    );
  });

  it('gives a curl command that posts the example to /graphql', () => {
    const command = curlExample(entry('publicSettings')!, 'http://localhost:8080');
    expect(command).toContain('curl -X POST http://localhost:8080/graphql');
    const body = command.match(/--data '(.*)'$/s)![1]!;
    expect(JSON.parse(body).query).toBe(entry('publicSettings')!.example);
  });
});
