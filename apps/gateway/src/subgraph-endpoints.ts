import { Kind, parse, type EnumTypeDefinitionNode, type StringValueNode } from 'graphql';

export interface SubgraphEndpoint {
  /** The subgraph's name in the supergraph (`@join__graph(name:)`), e.g. `identity`. */
  name: string;
  /** Its HTTP GraphQL endpoint, from `<NAME>_URL`. */
  url: string;
}

/** `identity` -> `IDENTITY_URL`, `case-reviews` -> `CASE_REVIEWS_URL`. */
export function subgraphUrlVariable(name: string): string {
  return `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_URL`;
}

/** The subgraph names the supergraph declares in its `join__Graph` enum. */
export function subgraphNames(supergraphSdl: string): string[] {
  const graphs = parse(supergraphSdl).definitions.find(
    (definition): definition is EnumTypeDefinitionNode =>
      definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'join__Graph',
  );
  if (!graphs)
    throw new Error('The supergraph has no join__Graph enum; is it a composed supergraph?');
  return (graphs.values ?? []).map((value) => {
    const name = value.directives
      ?.find((directive) => directive.name.value === 'join__graph')
      ?.arguments?.find((argument) => argument.name.value === 'name')?.value as
      StringValueNode | undefined;
    return name?.value ?? value.name.value.toLowerCase();
  });
}

/**
 * Where each subgraph is reached. The URLs written into the supergraph at composition time are
 * ignored on purpose: the same committed supergraph runs locally, in compose and in k8s, so the
 * addresses come from the environment. Returns the list of problems instead of throwing so the
 * caller can report them together with the other configuration errors.
 */
export function resolveSubgraphEndpoints(
  supergraphSdl: string,
  env: NodeJS.ProcessEnv,
): { endpoints: SubgraphEndpoint[]; problems: string[] } {
  const endpoints: SubgraphEndpoint[] = [];
  const problems: string[] = [];
  for (const name of subgraphNames(supergraphSdl)) {
    const variable = subgraphUrlVariable(name);
    const value = env[variable];
    if (!value) {
      problems.push(`${variable}: required for the "${name}" subgraph`);
    } else if (!isHttpUrl(value)) {
      problems.push(`${variable}: must be an http(s) URL`);
    } else {
      endpoints.push({ name, url: value });
    }
  }
  return { endpoints, problems };
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
