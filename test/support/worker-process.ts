import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Config } from '../../shared/config/config.js';

/**
 * The worker as its own process (`dist/services/worker/main.js`), configured like the service
 * `config` describes: the same database, broker, topics, queue, consumer groups and key.
 */
export function startWorkerProcess(config: Config, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, [join(process.cwd(), 'dist/services/worker/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: config.databaseUrl,
      KAFKA_BROKERS: config.kafka.brokers.join(','),
      KAFKA_TOPIC_PREFIX: config.kafka.topicPrefix,
      KAFKA_TOPIC_PARTITIONS: String(config.kafka.topicPartitions),
      REDIS_URL: config.redisUrl,
      EMAIL_QUEUE: config.worker.emailQueue,
      EMAIL_BACKOFF_MS: String(config.worker.emailBackoffMs),
      WORKER_GROUP_PREFIX: config.worker.consumerGroupPrefix,
      SMTP_URL: smtpUrl,
      PUBLIC_URL: config.publicUrl,
      SECRETS_ENCRYPTION_KEY: config.secretsEncryptionKey!.toString('base64'),
      LOG_LEVEL: 'error',
      WORKER_HTTP_PORT: '0',
    },
  });
}
