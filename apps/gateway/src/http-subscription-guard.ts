import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * Answers a subscription sent over HTTP, and an `operationName` the document does not define,
 * with a clear request error. Without this the gateway's query planner fails on them and the
 * client sees an internal error (HTTP 500).
 */
export function httpSubscriptionGuard(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, request }) {
          if (!operation) {
            const name = request.operationName;
            throw new GraphQLError(
              name
                ? `The document has no operation named "${name.slice(0, 100)}".`
                : 'The document has several operations: say which one to run in operationName.',
              { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } },
            );
          }
          if (operation?.operation === 'subscription') {
            throw new GraphQLError(
              'Subscriptions are served over WebSocket (graphql-transport-ws) at /graphql.',
              { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
            );
          }
        },
      };
    },
  };
}
