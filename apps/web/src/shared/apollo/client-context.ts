import type { ApolloClient } from '@apollo/client';
import { createContext } from 'react';

/** The client being loaded, for the screens that need it (see `WithApollo`); the app provides it. */
export const ClientPromiseContext = createContext<Promise<ApolloClient> | null>(null);
