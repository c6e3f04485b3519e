import './styles-screens';
import { ApolloProvider } from '@apollo/client/react';
import { use, type ReactNode } from 'react';
import { ClientPromiseContext } from './client-context';

/** Provides the client once its chunk has loaded (suspends until then). */
export default function DeferredApolloProvider({ children }: { children: ReactNode }) {
  const pending = use(ClientPromiseContext);
  if (!pending) throw new Error('DeferredApolloProvider must be used inside the app');
  return <ApolloProvider client={use(pending)}>{children}</ApolloProvider>;
}
