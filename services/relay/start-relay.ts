import type { DataSource } from 'typeorm';
import type { Config } from '../../shared/config/config.js';
import { createKafka } from '../../shared/kafka/kafka-client.js';
import type { Logger } from '../../shared/logging/logger.js';
import { OutboxRelay } from './outbox-relay.js';

/** A started relay over the configured brokers, or undefined when no broker is configured. */
export async function startRelay(
  dataSource: DataSource,
  config: Config,
  logger: Logger,
): Promise<OutboxRelay | undefined> {
  if (config.kafka.brokers.length === 0) {
    logger.warn(
      'KAFKA_BROKERS is not set: events stay in the outbox, where a worker without Kafka reads them',
    );
    return undefined;
  }
  const relay = new OutboxRelay({
    dataSource,
    databaseUrl: config.databaseUrl,
    kafka: createKafka(config.kafka, logger),
    kafkaConfig: config.kafka,
    config: config.relay,
    logger,
  });
  await relay.start();
  return relay;
}
