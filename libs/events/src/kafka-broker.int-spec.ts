import { describeBrokerContract } from './broker-contract';
import { probeContainerRuntime } from './container-runtime-probe';
import { KafkaBroker } from './kafka-broker';

// A running Kafka (compose, CI service) may be named instead of starting a container.
const external = process.env.JIBS_TEST_KAFKA_BROKERS?.split(',').filter(Boolean);
const runtime = external ? { available: true as const } : probeContainerRuntime();
const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.9.0';

if (!runtime.available) {
  // A fully skipped file prints no test names, so say why here as well.
  process.stderr.write(`kafka broker contract skipped: no container runtime (${runtime.reason})\n`);
}

let brokers: string[] = external ?? [];
let stopContainer: (() => Promise<unknown>) | undefined;

describeBrokerContract(external ? 'kafka broker (external)' : 'kafka broker (testcontainers)', {
  skip: runtime.available ? undefined : `no container runtime (${runtime.reason})`,
  timeoutMs: 90_000,
  setup: async () => {
    if (!external) {
      const { KafkaContainer } = await import('@testcontainers/kafka');
      const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
      brokers = [`${container.getHost()}:${container.getMappedPort(9093)}`];
      stopContainer = () => container.stop();
    }
    return ({ metrics, logger, clientId }) =>
      new KafkaBroker({
        brokers,
        clientId: clientId ?? 'contract',
        metrics,
        logger,
        // The broker's minimum: a member that left without a goodbye is replaced quickly.
        sessionTimeoutMs: 6_000,
      });
  },
  teardown: async () => {
    await stopContainer?.();
  },
});
