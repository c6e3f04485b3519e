import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, specifiedRules, validate } from 'graphql';
import { NoServiceFieldRule } from './service-field-rule';

const schema = buildSubgraphSchema({
  typeDefs: parse(`
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    type User @key(fields: "id") { id: ID! }
    type Query { me: User }
  `),
  resolvers: {},
});

const errorsOf = (query: string) =>
  validate(schema, parse(query), [...specifiedRules, NoServiceFieldRule]).map((e) => e.message);

describe('NoServiceFieldRule', () => {
  it('refuses _service, also behind an alias or a fragment', () => {
    expect(errorsOf('{ _service { sdl } }')).toEqual(['The service schema is not available here.']);
    expect(errorsOf('{ s: _service { sdl } }')).toHaveLength(1);
    expect(errorsOf('{ ...F } fragment F on Query { _service { sdl } }')).toHaveLength(1);
  });

  it('leaves other fields and _entities alone', () => {
    expect(errorsOf('{ me { id } }')).toEqual([]);
    expect(
      errorsOf('query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id } } }'),
    ).toEqual([]);
  });
});
