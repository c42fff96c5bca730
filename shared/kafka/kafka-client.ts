import { Kafka, logLevel, type LogEntry } from 'kafkajs';
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

/** Creates the topics that are missing; leaves existing ones as they are. */
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
    if (missing.length === 0) return;
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
  } finally {
    await admin.disconnect();
  }
}
