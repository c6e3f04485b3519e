export * from './bootstrap';
export * from './format-error';
export * from './metrics-plugin';
export * from './subgraph-context';
export * from './subgraph-graphql.module';
export * from './gateway-credential';
export * from './gateway-socket';
