import { runProcess } from '../../shared/process/run-process.js';
import { startOpsServer } from '../ops/ops-routes.js';
import { EMBEDDED_DATABASE_IS_THE_API_PROCESS } from '../../shared/config/embedded-keys.js';
import { startWorker } from './worker.js';

runProcess(
  (config) => [
    ...(config.databaseUrl ? [] : [EMBEDDED_DATABASE_IS_THE_API_PROCESS]),
    ...(config.secretsEncryptionKey
      ? []
      : ['SECRETS_ENCRYPTION_KEY is required: 32 bytes in base64 (openssl rand -base64 32)']),
  ],
  async ({ config, logger, dataSource }) => {
    const worker = await startWorker(dataSource, config, logger);
    const ops = await startOpsServer(worker.registry, worker.readiness, config.worker.httpPort)
      // Its port taken, the worker does not run on without the probes that watch it.
      .catch(async (error: unknown) => {
        await worker.close();
        throw error;
      });
    logger.info(
      { consumers: worker.consumers.map((consumer) => consumer.name), ops: ops.port },
      'identity worker running',
    );
    return async () => {
      worker.readiness.drain();
      await worker.close();
      await new Promise((resolve) => ops.server.close(resolve));
    };
  },
);
