// A micro-bench, printed, never a timed test: our cost rule (query-limits.ts) against
// graphql-query-complexity with an estimator written to give our figures, on the committed API
// schema and every operation the clients send, then on the queries of query-limits.spec.ts.
// Run: npx swc apps/gateway/src/query-limits.bench.ts apps/gateway/src/query-limits.ts
//        libs/domain/src -d dist/query-limits-bench && npx node dist/query-limits-bench/apps/gateway/src/query-limits.bench.js
import {
  buildSchema,
  getIntrospectionQuery,
  getNullableType,
  GraphQLError,
  isListType,
  Kind,
  parse,
  validate,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { createComplexityRule, type ComplexityEstimator } from 'graphql-query-complexity';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { costLimitRule, DEFAULT_LIST_SIZE, MUTATION_COSTS } from './query-limits';

const print = (text: string): boolean => process.stdout.write(`${text}\n`);
const REPO = process.env.REPO ?? process.cwd();
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);

/** graphql-query-complexity's estimator, made to count as ours does. */
const ourEstimator: ComplexityEstimator = ({ type, field, node, args, childComplexity }) => {
  if (node.name.value === '__typename') return 0;
  const weight = type.name === 'Mutation' ? (MUTATION_COSTS[node.name.value] ?? 1) : 1;
  if (!node.selectionSet) return weight;
  let size = 1;
  if (isListType(getNullableType(field.type))) {
    size = DEFAULT_LIST_SIZE;
    const page = node.arguments?.find((argument) =>
      ['first', 'last', 'limit'].includes(argument.name.value),
    );
    if (page?.value.kind === Kind.INT) size = Number(page.value.value);
    // A variable's value here is its default (validation runs once per document, no variables).
    const fallback: unknown = page ? args[page.name.value] : undefined;
    if (page?.value.kind === Kind.VARIABLE && typeof fallback === 'number')
      size = Math.max(fallback, DEFAULT_LIST_SIZE);
  }
  return weight + size * childComplexity;
};

function libraryRule(maxCost: number): ValidationRule {
  return createComplexityRule({
    maximumComplexity: maxCost,
    estimators: [ourEstimator],
    createError: (max, actual) =>
      new GraphQLError(`Query is too complex (cost ${actual}, max ${max})`, {
        extensions: { code: 'BAD_USER_INPUT' },
      }),
  });
}

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '__generated__') return [];
    if (statSync(path).isDirectory()) return graphqlFiles(path);
    return name.endsWith('.graphql') ? [path] : [];
  });
}

/** Each operation the clients send, with every fragment they define. */
function clientOperations(): { name: string; document: DocumentNode }[] {
  const definitions: DefinitionNode[] = ['apps/web/src', 'apps/admin/src']
    .flatMap((dir) => {
      try {
        return graphqlFiles(join(REPO, dir));
      } catch {
        return [];
      }
    })
    .flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  return definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION
      ? [
          {
            name: definition.name?.value ?? 'anonymous',
            document: { kind: Kind.DOCUMENT, definitions: [definition, ...fragments] },
          },
        ]
      : [],
  );
}

/**
 * The document with every variable made nullable: as a validation rule the library coerces the
 * variables it was given (none: validation is per document), so a required one is an error.
 * This lets the estimates be compared; the gateway could not do it.
 */
function withOptionalVariables(document: DocumentNode): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? {
            ...definition,
            variableDefinitions: definition.variableDefinitions?.map((variable) =>
              variable.type.kind === Kind.NON_NULL_TYPE
                ? { ...variable, type: variable.type.type }
                : variable,
            ),
          }
        : definition,
    ),
  };
}

/** What each rule says of a document: refused (its messages), accepted, or threw. */
function verdict(schema: GraphQLSchema, document: DocumentNode, rule: ValidationRule): string {
  try {
    const errors = validate(schema, document, [rule]);
    return errors.length ? errors.map((error) => error.message).join(' | ') : 'ok';
  } catch (error) {
    return `THREW ${(error as Error).message}`;
  }
}

function microsPerDocument(
  schema: GraphQLSchema,
  documents: DocumentNode[],
  rules: ValidationRule[],
): number {
  for (let warm = 0; warm < 20; warm++) for (const d of documents) validate(schema, d, rules);
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) for (const d of documents) validate(schema, d, rules);
  return ((performance.now() - started) * 1000) / (ITERATIONS * documents.length);
}

function compare(
  title: string,
  schema: GraphQLSchema,
  cases: { name: string; document: DocumentNode; maxCost: number }[],
): void {
  let same = 0;
  let shown = 0;
  print(`\n${title}: ${cases.length} documents`);
  for (const { name, document, maxCost } of cases) {
    const ours = verdict(schema, document, costLimitRule({ maxCost, maxDepth: 1000 }));
    const theirs = verdict(schema, document, libraryRule(maxCost));
    if (ours === theirs) same++;
    else if (shown++ < Number(process.env.BENCH_SHOW ?? 4))
      print(`  differs on ${name}:\n    ours:    ${ours}\n    library: ${theirs}`);
  }
  print(`  same verdict and message on ${same} of ${cases.length}`);
}

function main(): void {
  const api = buildSchema(readFileSync(join(REPO, 'apps/gateway/api-schema.graphql'), 'utf8'));
  const operations = clientOperations();
  const introspection = parse(getIntrospectionQuery());
  const heavy = parse('{ adminUsers { users { id } } deathReports { id } }');
  compare('Client operations, committed API schema, MAX_QUERY_COST 1000', api, [
    ...operations.map((o) => ({ ...o, maxCost: 1000 })),
    { name: 'introspection', document: introspection, maxCost: 1000 },
    { name: 'admin lists', document: heavy, maxCost: 1000 },
  ]);
  // Every figure: max 0.5 (the library wants a positive one) makes each rule report its estimate.
  compare(
    'The same with every variable made optional, every estimate compared (max 0.5)',
    api,
    operations.map((o) => ({ ...o, document: withOptionalVariables(o.document), maxCost: 0.5 })),
  );

  // Timed on the documents both rules accept, so neither pays for reporting errors.
  const documents = [
    ...operations.map((o) => withOptionalVariables(o.document)),
    introspection,
  ].filter((document) => verdict(api, document, libraryRule(1e12)) === 'ok');
  // Interleaved rounds, the best of each: JIT warm-up and the shared machine's noise aside.
  let [baseline, ours, library] = [Infinity, Infinity, Infinity];
  for (let round = 0; round < 7; round++) {
    baseline = Math.min(baseline, microsPerDocument(api, documents, []));
    ours = Math.min(
      ours,
      microsPerDocument(api, documents, [costLimitRule({ maxCost: 1000, maxDepth: 10 })]),
    );
    library = Math.min(library, microsPerDocument(api, documents, [libraryRule(1000)]));
  }
  print(
    `\nvalidate() with the rule alone, per document (${documents.length} documents x ${ITERATIONS}, best of 7):` +
      `\n  no rule  ${baseline.toFixed(1)} µs\n  ours     ${ours.toFixed(1)} µs` +
      `\n  library  ${library.toFixed(1)} µs`,
  );

  const fragments = Array.from(
    { length: 40 },
    (_, index) => `fragment F${index} on Node { id ...F${index + 1} ...F${index + 1} }`,
  ).join('\n');
  const spec = buildSchema(`
    type Node { id: ID! child: Node children(first: Int, limit: Int): [Node!]! tags: [String!]! }
    union Found = Node
    type Query { tree: Node nodes(first: Int): [Node!]! search: [Found!]! }
    type Mutation { startSignUp(email: String): Node markRead: Boolean }
  `);
  const specQueries: Record<string, string> = {
    field: '{ tree { id child { id } } }',
    first: '{ nodes(first: 3) { id } }',
    limit: '{ tree { children(limit: 5) { id } } }',
    nested: '{ nodes { children { id } } }',
    'variable default 50': 'query($n: Int = 50) { nodes(first: $n) { id } }',
    'variable default 2': 'query($n: Int = 2) { nodes(first: $n) { id } }',
    'variable, no default': 'query($n: Int) { nodes(first: $n) { id } }',
    'required variable': 'query($n: Int!) { nodes(first: $n) { id } }',
    typename: '{ tree { __typename id tags } }',
    abstract:
      '{ search { ... on Node { id } ...N } } fragment N on Node { children(first: 2) { id } }',
    expensive: '{ nodes { children { children { id } } } }',
    'aliased sign-ups':
      'mutation { a: startSignUp(email: "a") { id } b: startSignUp(email: "b") { id } }',
    'fragment bomb (2^40)': `{ tree { ...F0 } } ${fragments} fragment F40 on Node { id }`,
  };
  compare(
    "query-limits.spec.ts's queries (max 0.5: every estimate)",
    spec,
    Object.entries(specQueries).map(([name, query]) => ({
      name,
      document: parse(query),
      maxCost: 0.5,
    })),
  );
}

main();
