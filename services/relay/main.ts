import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { createDataSource } from '../../shared/db/data-source.js';
import { createLogger, describeError } from '../../shared/logging/logger.js';
import { startRelay } from './start-relay.js';

/** The relay as a process of its own, for deployments that run it apart from the API. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.kafka.brokers.length === 0)
    throw new ConfigError(['KAFKA_BROKERS is required for the relay']);
  const logger = createLogger(config.logLevel);
  const dataSource = createDataSource({ url: config.databaseUrl, poolSize: 2 });
  await dataSource.initialize();
  const relay = (await startRelay(dataSource, config, logger))!;
  logger.info({ brokers: config.kafka.brokers }, 'outbox relay running');
  const stop = async (): Promise<void> => {
    await relay.stop();
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
