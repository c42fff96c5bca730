import type { Consumer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import type { Config } from '../../shared/config/config.js';
import { secretKeyOf } from '../../shared/credentials/secret-key.js';
import { createKafka } from '../../shared/kafka/kafka-client.js';
import { describeError, type Logger } from '../../shared/logging/logger.js';
import {
  createRegistry,
  EmailMetrics,
  registerConsumerLagMetrics,
  type ConsumerLag,
} from '../../shared/observability/metrics.js';
import { Readiness, type ReadinessCheck } from '../../shared/observability/readiness.js';
import type { Registry } from 'prom-client';
import {
  consumerGroupId,
  consumerTopics,
  kafkaConsumerLag,
  runConsumerGroup,
} from './consumers/consumer-group.js';
import { markDelivered, OutboxSubscription } from './consumers/outbox-subscription.js';
import type { EventConsumer } from './consumers/event-consumer.js';
import { InitializationEmailConsumer } from './consumers/initialization-email/initialization-email.consumer.js';
import { ProjectReadModelConsumer } from './consumers/read-models/project-read-model.consumer.js';
import { UserReadModelConsumer } from './consumers/read-models/user-read-model.consumer.js';
import { UserGrantReadModelConsumer } from './consumers/read-models/user-grant-read-model.consumer.js';
import { UserMetadataReadModelConsumer } from './consumers/read-models/user-metadata-read-model.consumer.js';
import type { EmailQueue } from './email/bullmq-email-jobs.js';
import type { EmailJobs } from './email/email-jobs.js';
import { startEmailJobs } from './email/start-email-jobs.js';

export interface RunningWorker {
  consumers: EventConsumer[];
  /** The Kafka consumer group of each consumer, in the same order; none without Kafka. */
  groups: Consumer[];
  /** Without Kafka, each consumer's subscription to the outbox, in the same order; none with it. */
  subscriptions: OutboxSubscription[];
  /** The email jobs, in Redis (BullMQ) or in this process. */
  jobs: EmailJobs;
  /** BullMQ's queue, when the jobs are in Redis. */
  queue?: EmailQueue;
  /** Consumer lag, the email queue and Node's own, for `/metrics`. */
  registry: Registry;
  /** Database, Kafka and Redis (each when configured), all required: `/readyz`. */
  readiness: Readiness;
  close(): Promise<void>;
}

/**
 * The worker: the EventConsumers (read models, initialization emails), each its own Kafka consumer
 * group, or, without Kafka, each reading the outbox from a cursor of its own; and the email jobs,
 * in BullMQ on Redis or, without Redis, in this process. With Kafka, each part scales out with more instances.
 */
export async function startWorker(
  dataSource: DataSource,
  config: Config,
  logger: Logger,
  /** Where its metrics go when it runs beside the API; a registry of its own otherwise. */
  registry: Registry = createRegistry(),
): Promise<RunningWorker> {
  if (!config.worker.smtpUrl) {
    logger.warn(
      { emailDir: config.worker.emailDir },
      'SMTP_URL is not set: emails are written as .eml files',
    );
  }
  const emails = await startEmailJobs(
    dataSource,
    config,
    logger,
    (health) => new EmailMetrics(registry, health),
  );
  const consumers: EventConsumer[] = [
    new UserReadModelConsumer(dataSource),
    new ProjectReadModelConsumer(dataSource),
    new UserGrantReadModelConsumer(dataSource),
    new UserMetadataReadModelConsumer(dataSource),
    new InitializationEmailConsumer(dataSource, config, emails.jobs, secretKeyOf(config)),
  ];
  const delivery =
    config.kafka.brokers.length > 0
      ? await deliverFromKafka(config, consumers, logger)
      : await deliverFromOutbox(dataSource, config, consumers, logger);
  registerConsumerLagMetrics(registry, delivery.lag);
  const readiness = new Readiness(
    {
      required: {
        database: () => dataSource.query('SELECT 1'),
        ...delivery.checks,
        ...emails.checks,
      },
    },
    config.healthCheckIntervalMs,
  );
  await readiness.start();
  return {
    consumers,
    groups: delivery.groups,
    subscriptions: delivery.subscriptions,
    jobs: emails.jobs,
    queue: emails.queue,
    registry,
    readiness,
    async close() {
      readiness.drain();
      readiness.stop();
      await delivery.stop();
      await emails.close();
    },
  };
}

/** How events reach the consumers: what it needs to be ready, its lag, how it stops. */
interface EventDelivery {
  groups: Consumer[];
  subscriptions: OutboxSubscription[];
  checks: Record<string, ReadinessCheck>;
  lag(): Promise<ConsumerLag[]>;
  stop(): Promise<void>;
}

async function deliverFromKafka(
  config: Config,
  consumers: EventConsumer[],
  logger: Logger,
): Promise<EventDelivery> {
  const kafka = createKafka(config.kafka, logger);
  const groups: Consumer[] = [];
  for (const consumer of consumers)
    groups.push(await runConsumerGroup(kafka, config, consumer, logger));
  const admin = kafka.admin({ retry: { retries: 0 } });
  return {
    groups,
    subscriptions: [],
    checks: { kafka: () => admin.connect().then(() => admin.describeCluster()) },
    lag: () =>
      kafkaConsumerLag(
        admin,
        consumers.map((consumer) => ({
          groupId: consumerGroupId(config, consumer),
          topics: consumerTopics(config, consumer),
        })),
      ),
    async stop() {
      await Promise.all(groups.map((group) => group.disconnect()));
      await admin.disconnect();
    },
  };
}

async function deliverFromOutbox(
  dataSource: DataSource,
  config: Config,
  consumers: EventConsumer[],
  logger: Logger,
): Promise<EventDelivery> {
  const subscriptions = consumers.map(
    (consumer) =>
      new OutboxSubscription(dataSource, consumer, {
        name: consumerGroupId(config, consumer),
        pollIntervalMs: config.relay.pollIntervalMs,
        eventSource: config.relay.eventSource,
        logger,
      }),
  );
  for (const subscription of subscriptions) await subscription.start();
  const marking = setInterval(() => {
    markDelivered(dataSource, subscriptions).catch((error: unknown) =>
      logger.warn({ err: describeError(error) }, 'could not mark delivered events'),
    );
  }, 1000).unref();
  return {
    groups: [],
    subscriptions,
    checks: {},
    lag: async () =>
      Promise.all(
        subscriptions.map(async (subscription) => ({
          group: subscription.name,
          topic: 'outbox',
          partition: '0',
          lag: await subscription.lag(),
        })),
      ),
    async stop() {
      clearInterval(marking);
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await markDelivered(dataSource, subscriptions);
    },
  };
}
