import { KafkaBroker, reachable } from '../support/kafka-broker.js';

/**
 * Mocha global fixture: the suites publish to the broker named by KAFKA_BROKERS, or to one that
 * this run starts (and stops at the end) when that names none that answers.
 */
let started: KafkaBroker | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  const configured = process.env.KAFKA_BROKERS;
  if (configured && (await reachable(configured))) return;
  started = await KafkaBroker.start();
  process.env.KAFKA_BROKERS = started.brokers;
  console.log(`  (started a Kafka broker at ${started.brokers} for this run)`);
}

export async function mochaGlobalTeardown(): Promise<void> {
  await started?.remove();
}
