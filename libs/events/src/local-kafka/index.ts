export * from './kafka-distribution';
export * from './local-kafka';
