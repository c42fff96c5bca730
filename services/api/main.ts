import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { createDataSource } from '../../shared/db/data-source.js';
import { createLogger, describeError } from '../../shared/logging/logger.js';
import { startRelay } from '../relay/start-relay.js';
import { startApi } from './api.js';
import { loadVerificationKeys } from './auth/token-keys.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.secretsEncryptionKey) {
    throw new ConfigError([
      'SECRETS_ENCRYPTION_KEY is required: 32 bytes in base64 (openssl rand -base64 32)',
    ]);
  }
  const logger = createLogger(config.logLevel);
  const keys = await loadVerificationKeys(config.auth);
  const dataSource = createDataSource({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  await dataSource.initialize();
  if (await dataSource.showMigrations()) {
    throw new Error('the database schema is not up to date: run `identityctl migrate` first');
  }
  const api = await startApi({ dataSource, config, logger }, keys, config.httpPort);
  const relay = config.relay.inProcess ? await startRelay(dataSource, config, logger) : undefined;
  logger.info({ url: `http://0.0.0.0:${config.httpPort}` }, 'identity API listening');
  const stop = async (): Promise<void> => {
    await api.close();
    await relay?.stop();
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
