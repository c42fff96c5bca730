import type { Consumer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import type { Config } from '../../shared/config/config.js';
import { codeKeyOf } from '../../shared/credentials/one-time-code.js';
import { createKafka } from '../../shared/kafka/kafka-client.js';
import type { Logger } from '../../shared/logging/logger.js';
import {
  createRegistry,
  EmailMetrics,
  registerConsumerLagMetrics,
} from '../../shared/observability/metrics.js';
import { Readiness } from '../../shared/observability/readiness.js';
import type { Registry } from 'prom-client';
import { consumerGroupId, consumerTopics, runConsumerGroup } from './consumers/consumer-group.js';
import type { EventConsumer } from './consumers/event-consumer.js';
import { InitializationEmailConsumer } from './consumers/initialization-email/initialization-email.consumer.js';
import { ProjectReadModelConsumer } from './consumers/read-models/project-read-model.consumer.js';
import { UserReadModelConsumer } from './consumers/read-models/user-read-model.consumer.js';
import {
  connectEmailRedis,
  createEmailQueue,
  queueHealth,
  type EmailQueue,
} from './email/email-queue.js';
import { startEmailWorker } from './email/email-worker.js';

export interface RunningWorker {
  consumers: EventConsumer[];
  /** The Kafka consumer group of each consumer, in the same order. */
  groups: Consumer[];
  queue: EmailQueue;
  /** Consumer lag, the email queue and Node's own, for `/metrics`. */
  registry: Registry;
  /** Database, Kafka and Redis, all required: `/readyz`. */
  readiness: Readiness;
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
  const registry = createRegistry();
  const emailMetrics = new EmailMetrics(registry, async () => ({ ...(await queueHealth(queue)) }));
  const emails = await startEmailWorker({
    dataSource,
    config,
    logger,
    connection,
    metrics: emailMetrics,
  });
  const consumers: EventConsumer[] = [
    new UserReadModelConsumer(dataSource),
    new ProjectReadModelConsumer(dataSource),
    new InitializationEmailConsumer(dataSource, config, queue, codeKeyOf(config)),
  ];
  const kafka = createKafka(config.kafka, logger);
  const groups: Consumer[] = [];
  for (const consumer of consumers)
    groups.push(await runConsumerGroup(kafka, config, consumer, logger));
  const admin = kafka.admin({ retry: { retries: 0 } });
  registerConsumerLagMetrics(registry, admin, () =>
    consumers.map((consumer) => ({
      groupId: consumerGroupId(config, consumer),
      topics: consumerTopics(config, consumer),
    })),
  );
  const readiness = new Readiness(
    {
      required: {
        database: () => dataSource.query('SELECT 1'),
        kafka: () => admin.connect().then(() => admin.describeCluster()),
        redis: () => connection.ping(),
      },
    },
    config.healthCheckIntervalMs,
  );
  await readiness.start();
  return {
    consumers,
    groups,
    queue,
    registry,
    readiness,
    async close() {
      readiness.drain();
      readiness.stop();
      await Promise.all(groups.map((group) => group.disconnect()));
      await admin.disconnect();
      await emails.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
