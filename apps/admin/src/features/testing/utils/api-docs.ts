import {
  buildSchema,
  getNamedType,
  isEnumType,
  isObjectType,
  isScalarType,
  printType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

export type ApiCategory = 'query' | 'mutation' | 'subscription' | 'event';

export const CATEGORY_LABELS: Record<ApiCategory, string> = {
  query: 'Queries',
  mutation: 'Mutations',
  subscription: 'Subscriptions',
  event: 'Events',
};

export interface ApiEntry {
  category: ApiCategory;
  name: string;
  description: string;
  /** `name: Type` of each argument (GraphQL) or each data field (events). */
  fields: { name: string; type: string; description?: string }[];
  /** The GraphQL return type, or the event's topic. */
  returns: string;
  /** A runnable example: a GraphQL document, or the event's envelope. */
  example: string;
}

/** Fields worth showing in an example's selection: the scalars and enums, a few of them. */
function selectionOf(type: GraphQLNamedType): string {
  if (!isObjectType(type)) return '';
  const leaves = Object.values(type.getFields())
    .filter((field) => {
      const named = getNamedType(field.type);
      return (
        (isScalarType(named) || isEnumType(named)) &&
        field.args.every((arg) => !String(arg.type).endsWith('!'))
      );
    })
    .slice(0, 6)
    .map((field) => field.name);
  return ` { ${leaves.length ? leaves.join(' ') : '__typename'} }`;
}

function exampleOf(category: ApiCategory, field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`);
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const name = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  return [
    `${category} ${name}${variables.length ? `(${variables.join(', ')})` : ''} {`,
    `  ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selectionOf(getNamedType(field.type))}`,
    '}',
  ].join('\n');
}

function rootEntries(schema: GraphQLSchema): ApiEntry[] {
  const roots: [ApiCategory, ReturnType<GraphQLSchema['getQueryType']>][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([category, root]) =>
    Object.values(root?.getFields() ?? {}).map((field) => ({
      category,
      name: field.name,
      description: field.description ?? '',
      fields: field.args.map((arg) => ({
        name: arg.name,
        type: String(arg.type),
        description: arg.description ?? undefined,
      })),
      returns: String(field.type),
      example: exampleOf(category, field),
    })),
  );
}

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
}

export interface AsyncApiDocument {
  channels: Record<string, { address: string; description?: string; messages?: object }>;
  components: {
    messages: Record<string, { name: string; summary?: string; payload: JsonSchema }>;
    schemas: Record<string, JsonSchema>;
  };
}

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'unknown';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  return schema.format ? `${type} (${schema.format})` : type;
}

function resolveRef(doc: AsyncApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
  return ref ? doc.components.schemas[ref] : schema;
}

function eventEntries(doc: AsyncApiDocument): ApiEntry[] {
  return Object.values(doc.components.messages).map((message) => {
    const data = resolveRef(doc, message.payload.properties?.['data']);
    const required = new Set(data?.required ?? []);
    const fields = Object.entries(data?.properties ?? {}).map(([name, schema]) => ({
      name: required.has(name) ? name : `${name}?`,
      type: typeOf(schema),
      description: schema.description,
    }));
    const example = {
      specversion: '1.0',
      type: message.name,
      source: 'jibs/<service>',
      subject: '<key>',
      data: Object.fromEntries(
        Object.entries(data?.properties ?? {}).map(([name, schema]) => [
          name,
          `<${typeOf(schema)}>`,
        ]),
      ),
    };
    return {
      category: 'event' as const,
      name: message.name,
      description: message.summary ?? '',
      fields,
      returns: message.name,
      example: JSON.stringify(example, null, 2),
    };
  });
}

export interface ApiDocs {
  entries: ApiEntry[];
  /** Every named type of the API schema, printed as SDL, by name. */
  types: { name: string; sdl: string }[];
}

/** The API documentation, from the committed API schema and the AsyncAPI event catalog. */
export function buildApiDocs(apiSchemaSdl: string, asyncApi: AsyncApiDocument): ApiDocs {
  const schema = buildSchema(apiSchemaSdl);
  const roots = new Set(['Query', 'Mutation', 'Subscription']);
  const types = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith('__') && !roots.has(type.name))
    .filter((type) => !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))
    .map((type) => ({ name: type.name, sdl: printType(type) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { entries: [...rootEntries(schema), ...eventEntries(asyncApi)], types };
}

/** The same operation as a shell command against this origin. */
export function curlExample(entry: ApiEntry, origin: string): string {
  if (entry.category === 'event') {
    return `# Events are not called: services publish them on the bus (topic "${entry.name}").\n# Consumers subscribe with @OnEvent('${entry.name}') from @jibs/events.`;
  }
  const body = JSON.stringify({ query: entry.example, variables: {} });
  return [
    `curl -X POST ${origin}/graphql \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H "authorization: Bearer $ACCESS_TOKEN" \\`,
    `  --data '${body.replace(/'/g, "'\\''")}'`,
  ].join('\n');
}
