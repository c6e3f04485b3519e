import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * Answers a subscription sent over HTTP with a clear request error. Without this the gateway's
 * query planner fails on it and the client sees an internal error.
 */
export function httpSubscriptionGuard(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
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
