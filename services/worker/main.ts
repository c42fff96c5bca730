import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { createDataSource } from '../../shared/db/data-source.js';
import { createLogger, describeError } from '../../shared/logging/logger.js';
import { startWorker } from './worker.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.kafka.brokers.length === 0)
    throw new ConfigError(['KAFKA_BROKERS is required for the worker']);
  const logger = createLogger(config.logLevel);
  const dataSource = createDataSource({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  await dataSource.initialize();
  const worker = await startWorker(dataSource, config, logger);
  logger.info(
    { consumers: worker.consumers.map((consumer) => consumer.name) },
    'identity worker running',
  );
  const stop = async (): Promise<void> => {
    await worker.close();
    await dataSource.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else
    console.error(
      JSON.stringify({ level: 'fatal', msg: 'start failed', err: describeError(error) }),
    );
  process.exit(1);
});
