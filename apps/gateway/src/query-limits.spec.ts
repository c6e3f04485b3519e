import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { QueryLimitError, queryLimitRules, type QueryLimits } from './query-limits';

const schema = buildSchema(`
  type Node {
    id: ID!
    child: Node
    children(first: Int, limit: Int): [Node!]!
    tags: [String!]!
  }
  union Found = Node
  type Query {
    tree: Node
    nodes(first: Int): [Node!]!
    search: [Found!]!
  }
  type Mutation {
    startSignUp(email: String): Node
    markRead: Boolean
  }
`);

const limits: QueryLimits = { maxDepth: 10, maxCost: 1000 };

function errorsOf(query: string, options: Partial<QueryLimits> = {}) {
  return validate(schema, parse(query), queryLimitRules({ ...limits, ...options }));
}

/** `tree { child { child { … id } } }` with `levels` fields on the deepest path. */
function chain(levels: number): string {
  let selection = 'id';
  for (let level = 1; level < levels - 1; level++) selection = `child { ${selection} }`;
  return `{ tree { ${selection} } }`;
}

describe('query depth limit', () => {
  it('accepts an operation at the limit', () => {
    expect(errorsOf(chain(10))).toEqual([]);
  });

  it('rejects a deeper one with BAD_USER_INPUT and a clear message', () => {
    const [error, ...rest] = errorsOf(chain(11));
    expect(rest).toEqual([]);
    expect(error).toBeInstanceOf(QueryLimitError);
    expect(error.message).toBe('Query is too deep (max 10)');
    expect(error.extensions['code']).toBe('BAD_USER_INPUT');
  });

  it('follows fragments and inline fragments', () => {
    const query = `
      query { tree { ...A } }
      fragment A on Node { child { ...B } }
      fragment B on Node { child { ... on Node { child { id } } } }
    `;
    expect(errorsOf(query, { maxDepth: 5 })).toEqual([]);
    expect(errorsOf(query, { maxDepth: 4 }).map((error) => error.message)).toEqual([
      'Query is too deep (max 4)',
    ]);
  });

  it('counts introspection fields like any other', () => {
    expect(errorsOf(getIntrospectionQuery()).map((error) => error.message)).toContain(
      'Query is too deep (max 10)',
    );
    let ofType = 'name';
    for (let level = 0; level < 12; level++) ofType = `ofType { ${ofType} }`;
    expect(
      errorsOf(`{ __schema { types { fields { type { ${ofType} } } } } }`).map((e) => e.message),
    ).toContain('Query is too deep (max 10)');
    expect(errorsOf('{ __schema { queryType { name } } }')).toEqual([]);
  });

  it('refuses a few hundred levels with the same clear error (deeper ones never reach the parser)', () => {
    const [error] = errorsOf(chain(300));
    expect(error?.message).toBe('Query is too deep (max 10)');
  });

  it('measures each operation of a document on its own', () => {
    const query = `query Shallow { tree { id } } query Deep ${chain(11)}`;
    expect(errorsOf(query)).toHaveLength(1);
  });
});

describe('query cost limit', () => {
  const costOf = (query: string): number | undefined => {
    const [error] = errorsOf(query, { maxCost: 0, maxDepth: 100 });
    const match = /cost (\d+)/.exec(error?.message ?? '');
    return match ? Number(match[1]) : undefined;
  };

  it('counts each field once', () => {
    expect(costOf('{ tree { id child { id } } }')).toBe(4);
  });

  it('multiplies what is under a list by its first or limit argument', () => {
    expect(costOf('{ nodes(first: 3) { id } }')).toBe(1 + 3 * 1);
    expect(costOf('{ tree { children(limit: 5) { id } } }')).toBe(1 + 1 + 5 * 1);
  });

  it('assumes 10 items when the size is not given, and nests multipliers', () => {
    expect(costOf('{ nodes { id } }')).toBe(1 + 10);
    expect(costOf('{ nodes { children { id } } }')).toBe(1 + 10 * (1 + 10));
  });

  it("uses the larger of a variable's default and 10", () => {
    expect(costOf('query($n: Int = 50) { nodes(first: $n) { id } }')).toBe(1 + 50);
    expect(costOf('query($n: Int = 2) { nodes(first: $n) { id } }')).toBe(1 + 10);
    expect(costOf('query($n: Int) { nodes(first: $n) { id } }')).toBe(1 + 10);
  });

  it('accepts operations with required variables: validation runs without any', () => {
    expect(errorsOf('query($n: Int!) { nodes(first: $n) { id } }')).toEqual([]);
    expect(costOf('query($n: Int!) { nodes(first: $n) { id } }')).toBe(1 + 10);
  });

  it('does not charge for __typename, and counts leaf lists once', () => {
    expect(costOf('{ tree { __typename id tags } }')).toBe(3);
  });

  it('follows fragments and abstract types', () => {
    expect(
      costOf(`
        { search { ... on Node { id } ...N } }
        fragment N on Node { children(first: 2) { id } }
      `),
    ).toBe(1 + 10 * (1 + (1 + 2)));
  });

  it('rejects an expensive operation with BAD_USER_INPUT and the estimate', () => {
    const [error] = errorsOf('{ nodes { children { children { id } } } }');
    expect(error).toBeInstanceOf(QueryLimitError);
    expect(error.message).toBe('Query is too complex (cost 1111, max 1000)');
    expect(error.extensions['code']).toBe('BAD_USER_INPUT');
  });

  it('stays linear on fragments spread into each other many times', () => {
    const fragments = Array.from(
      { length: 40 },
      (_, index) => `fragment F${index} on Node { id ...F${index + 1} ...F${index + 1} }`,
    ).join('\n');
    const started = Date.now();
    const errors = errorsOf(`{ tree { ...F0 } } ${fragments} fragment F40 on Node { id }`, {
      maxDepth: 100,
      maxCost: Number.MAX_SAFE_INTEGER,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(errors.filter((error) => error instanceof QueryLimitError)).toEqual([]);
  });
});

describe('introspection cost', () => {
  const costOf = (query: string): number | undefined => {
    const [error] = errorsOf(query, { maxCost: 0, maxDepth: 100 });
    const match = /cost (\d+)/.exec(error?.message ?? '');
    return match ? Number(match[1]) : undefined;
  };
  const typesAndFields = '__schema { types { name fields { name type { name } } } }';

  it('multiplies the lists under __schema and __type like any list', () => {
    // __schema 1, types 1 + 10 x (name 1 + fields 1 + 10 x (name 1 + type 1 + its name 1))
    expect(costOf(`{ ${typesAndFields} }`)).toBe(1 + 1 + 10 * (1 + 1 + 10 * (1 + 1 + 1)));
    expect(costOf('{ __type(name: "Node") { fields { name } } }')).toBe(1 + 1 + 10 * 1);
  });

  it('refuses 40 aliased copies of the schema, as it would 40 copies of any list', () => {
    const aliased = Array.from({ length: 40 }, (_, i) => `s${i}: ${typesAndFields}`).join(' ');
    expect(errorsOf(`{ ${aliased} }`).map((error) => error.message)).toEqual([
      'Query is too complex (cost 12880, max 1000)',
    ]);
  });

  it('still lets a client read the root type names', () => {
    expect(errorsOf('{ __schema { queryType { name } mutationType { name } } }')).toEqual([]);
  });
});

describe('mutation cost weights', () => {
  it('lets one password-hashing or mailing mutation through, not several behind aliases', () => {
    expect(errorsOf('mutation { startSignUp(email: "a") { id } }')).toEqual([]);
    const aliased = `mutation { a: startSignUp(email: "a") { id } b: startSignUp(email: "b") { id } }`;
    expect(errorsOf(aliased).map((error) => error.message)).toEqual([
      'Query is too complex (cost 1202, max 1000)',
    ]);
  });

  it('leaves other mutations at the cost of a field', () => {
    const many = Array.from({ length: 50 }, (_, i) => `m${i}: markRead`).join(' ');
    expect(errorsOf(`mutation { ${many} }`)).toEqual([]);
  });
});
