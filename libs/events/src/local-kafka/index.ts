export * from './kafka-distribution';
export * from './local-kafka';
export * from './local-tls';
