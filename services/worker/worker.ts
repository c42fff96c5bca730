import type { Consumer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import type { Config } from '../../shared/config/config.js';
import { codeKeyOf } from '../../shared/credentials/one-time-code.js';
import { createKafka } from '../../shared/kafka/kafka-client.js';
import type { Logger } from '../../shared/logging/logger.js';
import { runConsumerGroup } from './consumers/consumer-group.js';
import type { EventConsumer } from './consumers/event-consumer.js';
import { InitializationEmailConsumer } from './consumers/initialization-email/initialization-email.consumer.js';
import { ProjectReadModelConsumer } from './consumers/read-models/project-read-model.consumer.js';
import { UserReadModelConsumer } from './consumers/read-models/user-read-model.consumer.js';
import { connectEmailRedis, createEmailQueue, type EmailQueue } from './email/email-queue.js';
import { startEmailWorker } from './email/email-worker.js';

export interface RunningWorker {
  consumers: EventConsumer[];
  queue: EmailQueue;
  close(): Promise<void>;
}

/**
 * The worker: one Kafka consumer group per EventConsumer (read models, initialization emails) and
 * the BullMQ worker that delivers the emails. Each part scales out with more instances.
 */
export async function startWorker(
  dataSource: DataSource,
  config: Config,
  logger: Logger,
): Promise<RunningWorker> {
  const connection = connectEmailRedis(config);
  const queue = createEmailQueue(config.worker, connection);
  const emails = await startEmailWorker({ dataSource, config, logger, connection });
  const consumers: EventConsumer[] = [
    new UserReadModelConsumer(dataSource),
    new ProjectReadModelConsumer(dataSource),
    new InitializationEmailConsumer(dataSource, config, queue, codeKeyOf(config)),
  ];
  const kafka = createKafka(config.kafka, logger);
  const groups: Consumer[] = [];
  for (const consumer of consumers)
    groups.push(await runConsumerGroup(kafka, config, consumer, logger));
  return {
    consumers,
    queue,
    async close() {
      await Promise.all(groups.map((group) => group.disconnect()));
      await emails.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
