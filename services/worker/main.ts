import { runProcess } from '../../shared/process/run-process.js';
import { startWorker } from './worker.js';

runProcess(
  (config) => [
    ...(config.kafka.brokers.length === 0 ? ['KAFKA_BROKERS is required for the worker'] : []),
    ...(config.redisUrl ? [] : ['REDIS_URL is required for the worker']),
    ...(config.secretsEncryptionKey
      ? []
      : ['SECRETS_ENCRYPTION_KEY is required: 32 bytes in base64 (openssl rand -base64 32)']),
  ],
  async ({ config, logger, dataSource }) => {
    const worker = await startWorker(dataSource, config, logger);
    logger.info(
      { consumers: worker.consumers.map((consumer) => consumer.name) },
      'identity worker running',
    );
    return () => worker.close();
  },
);
