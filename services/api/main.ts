import { runProcess } from '../../shared/process/run-process.js';
import { startRelay } from '../relay/start-relay.js';
import { startWorker } from '../worker/worker.js';
import {
  describeInstance,
  prepareEmbeddedInstance,
  removeQuickstart,
  writeQuickstart,
} from './admin/embedded-instance.js';
import { startApi } from './api.js';
import { loadVerificationKeys } from './auth/token-keys.js';

runProcess(
  (config) => [
    // The embedded mode (no DATABASE_URL) generates the key it is not given.
    ...(config.secretsEncryptionKey || !config.databaseUrl
      ? []
      : ['SECRETS_ENCRYPTION_KEY is required: 32 bytes in base64 (openssl rand -base64 32)']),
    // A worker or relay of its own (as on Kubernetes) needs a database it can share.
    ...(config.databaseUrl || config.worker.inProcess
      ? []
      : [
          'DATABASE_URL is required when WORKER_IN_PROCESS is false: a worker process of its own cannot open the embedded database',
        ]),
    ...(config.databaseUrl || config.relay.inProcess || config.kafka.brokers.length === 0
      ? []
      : [
          'DATABASE_URL is required when RELAY_IN_PROCESS is false: a relay process of its own cannot open the embedded database',
        ]),
  ],
  async ({ config, logger, dataSource }) => {
    // The embedded database is this process's own: it sets itself up. MySQL is migrated apart.
    const instance = config.databaseUrl
      ? undefined
      : await prepareEmbeddedInstance(dataSource, config);
    // Before listening: once /readyz answers, the file is this start's.
    if (instance) await writeQuickstart(config, instance);
    if (await dataSource.showMigrations()) {
      throw new Error('the database schema is not up to date: run `identityctl migrate` first');
    }
    const keys = await loadVerificationKeys(config.auth);
    const api = await startApi(
      { dataSource, config, logger },
      keys,
      config.httpPort,
      config.grpcPort,
    )
      // A port it cannot listen on ends the start: the file would name a service that is not there.
      .catch(async (error: unknown) => {
        if (instance) await removeQuickstart(config);
        throw error;
      });
    logger.info(
      { http: `http://0.0.0.0:${config.httpPort}`, grpc: `0.0.0.0:${config.grpcPort}` },
      'identity API listening',
    );
    const relay = config.relay.inProcess ? await startRelay(dataSource, config, logger) : undefined;
    const worker = config.worker.inProcess
      ? await startWorker(dataSource, config, logger, api.registry)
      : undefined;
    if (worker) logger.info({ consumers: worker.consumers.map((c) => c.name) }, 'worker running');
    if (instance) process.stdout.write(`${describeInstance(config, instance, config.grpcPort)}\n`);
    return async () => {
      // Answer what was accepted, publish what those calls committed, then stop consuming.
      await api.close();
      await relay?.stop({ flush: true });
      await worker?.close();
      if (instance) await removeQuickstart(config);
    };
  },
);
