import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import type { KafkaConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** A kafkajs client whose own log lines go through our logger (warnings and errors only). */
export function createKafka(config: KafkaConfig, logger: Logger): Kafka {
  return new Kafka({
    clientId: config.clientId,
    brokers: config.brokers,
    logLevel: logLevel.WARN,
    retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 2000 },
    logCreator:
      () =>
      ({ level, log }: LogEntry) => {
        const { message, error } = log;
        logger[LEVELS[level] ?? 'info']({ component: 'kafkajs', error }, message);
      },
  });
}

/** How long a topic just created may take before the broker serves each of its partitions. */
const SERVED_WITHIN_MS = 30_000;

/**
 * Creates the topics that are missing, leaves existing ones as they are, and returns once the
 * broker serves every partition of each: a topic another process has just created is listed
 * before its partitions have a leader, and a subscription then would fail.
 */
export async function ensureTopics(
  kafka: Kafka,
  config: KafkaConfig,
  topics: string[],
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length > 0) await createTopics(admin, config, missing);
    await untilServed(admin, topics);
  } finally {
    await admin.disconnect();
  }
}

async function createTopics(admin: Admin, config: KafkaConfig, missing: string[]): Promise<void> {
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: config.topicPartitions,
        replicationFactor: config.replicationFactor,
      })),
    });
  } catch (error) {
    // Another process may have created them at the same moment: fine, if they exist now.
    const now = new Set(await admin.listTopics());
    if (!missing.every((topic) => now.has(topic))) throw error;
  }
}

async function untilServed(admin: Admin, topics: string[]): Promise<void> {
  const deadline = Date.now() + SERVED_WITHIN_MS;
  for (;;) {
    const served = await admin.fetchTopicMetadata({ topics }).then(
      ({ topics: metadata }) =>
        metadata.every(
          ({ partitions }) =>
            partitions.length > 0 && partitions.every(({ leader }) => leader >= 0),
        ),
      (error: unknown) => {
        if (Date.now() > deadline) throw error;
        return false;
      },
    );
    if (served) return;
    if (Date.now() > deadline) throw new Error(`Kafka does not serve ${topics.join(', ')} yet`);
    await sleep(100);
  }
}
