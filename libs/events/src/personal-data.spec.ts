import { EventCatalog, type PersonalDataNotes } from './event-catalog';
import { dataJsonSchema, type JsonSchema } from './schema-compatibility';
import { asyncApiDocument } from './asyncapi-document';

/**
 * Field names that hold personal data: a person's contact details, name, birth date, a name they
 * gave a file, or free text an admin wrote about them. An event carrying one says why.
 */
const PERSONAL =
  /(email|phone|firstname|lastname|deceasedname|memorialname|dateofbirth|filename|notes?|^before$|^after$)$/i;

/** Every field path of a JSON schema: `a`, `a.b`, `list[].c`. */
function fieldPaths(schema: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  for (const option of (schema.anyOf as JsonSchema[] | undefined) ?? []) {
    paths.push(...fieldPaths(option, prefix));
  }
  if (schema.items) paths.push(...fieldPaths(schema.items as JsonSchema, `${prefix}[]`));
  for (const [name, inner] of Object.entries(
    (schema.properties ?? {}) as Record<string, JsonSchema>,
  )) {
    const path = prefix ? `${prefix}.${name}` : name;
    paths.push(path, ...fieldPaths(inner, path));
  }
  return [...new Set(paths)];
}

function lastName(path: string): string {
  return path
    .split(/\.|\[\]/)
    .filter(Boolean)
    .at(-1)!;
}

const versions = Object.entries(EventCatalog).flatMap(([type, definition]) => [
  {
    label: `${type} v${definition.version}`,
    paths: fieldPaths(dataJsonSchema(definition)),
    notes: (definition as { personalData?: PersonalDataNotes }).personalData ?? {},
  },
  ...((
    definition as {
      earlier?: readonly { version: number; schema: never; personalData?: PersonalDataNotes }[];
    }
  ).earlier?.map((old) => ({
    label: `${type} v${old.version}`,
    paths: fieldPaths(dataJsonSchema(old)),
    notes: old.personalData ?? {},
  })) ?? []),
]);

describe('personal data in events', () => {
  it('is carried only where the catalog says why', () => {
    const unexplained = versions.flatMap(({ label, paths, notes }) =>
      paths
        .filter((path) => PERSONAL.test(lastName(path)) && !(path in notes))
        .map((path) => `${label}: ${path}`),
    );
    expect(unexplained).toEqual([]);
  });

  it('notes only fields the event has, each with a reason', () => {
    const stale = versions.flatMap(({ label, paths, notes }) =>
      Object.entries(notes)
        .filter(([path, why]) => !paths.includes(path) || why.trim().length < 20)
        .map(([path]) => `${label}: ${path}`),
    );
    expect(stale).toEqual([]);
  });

  it('would catch a new event that carries an email without saying why', () => {
    const paths = fieldPaths({
      type: 'object',
      properties: {
        userId: { type: 'string' },
        contact: { type: 'object', properties: { email: { type: 'string' } } },
      },
    });
    expect(paths.filter((path) => PERSONAL.test(lastName(path)))).toEqual(['contact.email']);
  });

  it('is shown in the AsyncAPI document, on every version that carries it', () => {
    const doc = asyncApiDocument() as {
      channels: Record<string, { address: string; description: string }>;
      components: {
        messages: Record<
          string,
          { name: string; title: string; 'x-personal-data'?: PersonalDataNotes }
        >;
      };
    };
    const registered = doc.components.messages['userRegistered'];
    expect(registered['x-personal-data']).toEqual(EventCatalog['user.registered'].personalData);
    const channel = Object.values(doc.channels).find((c) => c.address === 'user.registered')!;
    expect(channel.description).toContain('Personal data: `email` (Notifications keeps');
    const settings = Object.values(doc.components.messages).filter(
      (message) => message.name === 'settings.updated',
    );
    expect(
      settings.map((message) => [message.title, Object.keys(message['x-personal-data'] ?? {})]),
    ).toEqual([
      ['settings.updated', ['settings.adminEmail']],
      ['settings.updated v1', ['settings']],
    ]);
    const ids = Object.values(doc.components.messages).filter(
      (message) => message.name === 'user.role_changed',
    );
    expect(ids.map((message) => message['x-personal-data'])).toEqual([undefined]);
  });
});
