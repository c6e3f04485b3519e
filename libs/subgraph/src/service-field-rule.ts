import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * Refuses the federation `_service { sdl }` field: the gateway runs on the committed
 * supergraph and never asks, so outside development a subgraph does not hand out its schema
 * (introspection is off there too).
 */
export const NoServiceFieldRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '_service') return;
    if (context.getParentType()?.name !== 'Query') return;
    context.reportError(
      new GraphQLError('The service schema is not available here.', {
        nodes: [node],
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    );
  },
});
