import { describeBrokerContract, type BrokerContractTarget } from './broker-contract';
import { KafkaBroker } from './kafka-broker';
import { startLocalKafka, type LocalKafka } from './local-kafka';

// A running Kafka (compose, a CI service) may be named instead of starting the local broker.
const external = process.env.JIBS_TEST_KAFKA_BROKERS?.split(',').filter(Boolean);
const where = external ? 'external' : 'local KRaft';

// One broker for both suites of this file, started by the first, stopped after the last.
let kafka: Promise<LocalKafka> | undefined;
afterAll(async () => {
  await (await kafka)?.stop();
}, 60_000);

function target(batch: boolean): BrokerContractTarget {
  return {
    batch,
    timeoutMs: 90_000,
    setup: async () => {
      const brokers = external ?? (await (kafka ??= startLocalKafka())).brokers;
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
  };
}

describeBrokerContract(`kafka broker (${where})`, target(false));
describeBrokerContract(`kafka broker (${where}), batch handlers`, target(true));
