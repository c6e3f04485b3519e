import {
  Kind,
  parse,
  type EnumTypeDefinitionNode,
  type EnumValueNode,
  type OperationDefinitionNode,
  type StringValueNode,
} from 'graphql';
import {
  BAD_TEXT_MESSAGE,
  gatewayHeaders,
  MAX_NESTING,
  nestingDepthOf,
  type RefusedBodyHandler,
} from '@jibs/subgraph';
import type { Logger } from '@jibs/observability';
import type { SubgraphEndpoint } from './subgraph-endpoints';

/** How long a refusal's answer waits for the owning service to clean up. */
const RELAY_TIMEOUT_MS = 5_000;

/** Each Mutation field's owning subgraph (by name), from the supergraph's join directives. */
export function mutationOwners(supergraphSdl: string): Map<string, string[]> {
  const document = parse(supergraphSdl);
  const graphNames = new Map<string, string>();
  const graphs = document.definitions.find(
    (definition): definition is EnumTypeDefinitionNode =>
      definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'join__Graph',
  );
  for (const value of graphs?.values ?? []) {
    const name = value.directives
      ?.find((directive) => directive.name.value === 'join__graph')
      ?.arguments?.find((argument) => argument.name.value === 'name')?.value as
      StringValueNode | undefined;
    graphNames.set(value.name.value, name?.value ?? value.name.value.toLowerCase());
  }
  const owners = new Map<string, string[]>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION || definition.name.value !== 'Mutation')
      continue;
    for (const field of definition.fields ?? []) {
      const names = (field.directives ?? [])
        .filter((directive) => directive.name.value === 'join__field')
        .map(
          (directive) =>
            directive.arguments?.find((argument) => argument.name.value === 'graph')?.value as
              EnumValueNode | undefined,
        )
        .flatMap((graph) => (graph ? [graphNames.get(graph.value) ?? ''] : []))
        .filter(Boolean);
      owners.set(field.name.value, [...new Set(names)]);
    }
  }
  return owners;
}

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The root fields of the mutation a request body would run, or none (not one, not a mutation). */
export function mutationFieldsOf(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  // The door refused before its own depth check: never hand the parser a deep document.
  if (typeof query !== 'string' || nestingDepthOf(query) > MAX_NESTING) return [];
  let operations: OperationDefinitionNode[];
  try {
    // Read only to find the operation's fields (the body goes on as it came): a lone surrogate
    // in a string would stop the parser, which takes a NUL there.
    operations = parse(query.replace(LONE_SURROGATES, '\uFFFD')).definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION,
    );
  } catch {
    return [];
  }
  const operation =
    typeof operationName === 'string'
      ? operations.find((candidate) => candidate.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (operation?.operation !== 'mutation') return [];
  return operation.selectionSet.selections.flatMap((selection) =>
    selection.kind === Kind.FIELD ? [selection.name.value] : [],
  );
}

/**
 * The gateway refuses a request whose text is bad (a NUL, a lone surrogate) before planning it;
 * the service owning the refused mutation is told so it can clean up (a confirm's upload, which
 * only it can delete): the same body goes to that subgraph's `/graphql` with the caller's bearer
 * token and the gateway's credential, its own door refuses it again (bad text never reaches a
 * resolver there either) and runs the service's hooks. The client's answer does not change.
 */
export function refusedRequestRelay(options: {
  supergraphSdl: string;
  subgraphs: SubgraphEndpoint[];
  gatewaySecret: string;
  logger: Logger;
}): RefusedBodyHandler {
  const owners = mutationOwners(options.supergraphSdl);
  const urls = new Map(options.subgraphs.map(({ name, url }) => [name, url]));
  return async (req, body, problem) => {
    if (problem !== BAD_TEXT_MESSAGE) return;
    const targets = new Set(mutationFieldsOf(body).flatMap((field) => owners.get(field) ?? []));
    const authorization = req.headers['authorization'];
    await Promise.all(
      [...targets].flatMap((name) => {
        const url = urls.get(name);
        if (!url) return [];
        return fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...gatewayHeaders(options.gatewaySecret),
            ...(typeof authorization === 'string' ? { authorization } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
        })
          .then((response) => response.arrayBuffer())
          .catch((error: unknown) =>
            options.logger.warn(
              { err: error, subgraph: name },
              'telling a subgraph of a refused request failed',
            ),
          );
      }),
    );
  };
}
