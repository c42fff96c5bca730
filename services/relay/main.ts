import { runProcess } from '../../shared/process/run-process.js';
import { EMBEDDED_DATABASE_IS_THE_API_PROCESS } from '../../shared/config/embedded-keys.js';
import { startRelay } from './start-relay.js';

/** The relay as a process of its own, for deployments that run it apart from the API. */
runProcess(
  (config) => [
    ...(config.databaseUrl ? [] : [EMBEDDED_DATABASE_IS_THE_API_PROCESS]),
    ...(config.kafka.brokers.length === 0 ? ['KAFKA_BROKERS is required for the relay'] : []),
  ],
  async ({ config, logger, dataSource }) => {
    const relay = (await startRelay(dataSource, config, logger))!;
    logger.info({ brokers: config.kafka.brokers }, 'outbox relay running');
    return () => relay.stop({ flush: true });
  },
);
