import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { withEmbeddedKeys } from '../config/embedded-keys.js';
import { createConfiguredDataSource } from '../db/data-source.js';
import { createLogger, describeError, type Logger } from '../logging/logger.js';
import type { DataSource } from 'typeorm';
import { PortUnavailableError } from './listen.js';

interface ProcessContext {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
}

/**
 * What every process of the service (API, relay, worker) does around its own part: read and
 * check the configuration (then add the embedded mode's generated keys), connect to the database, stop cleanly on SIGTERM or SIGINT, and say
 * why a start failed (a configuration problem or a port it cannot listen on in plain words,
 * anything else as a log line).
 *
 * Stopping runs the part's own stop (which finishes the work in flight), closes the database and
 * exits 0. Past `SHUTDOWN_GRACE_MS` it gives up waiting and exits 1.
 *
 * @param requirements problems with the configuration that this process cannot run with
 * @param start starts the process's part and returns how to stop it
 */
export function runProcess(
  requirements: (config: Config) => string[],
  start: (context: ProcessContext) => Promise<() => Promise<void>>,
): void {
  const run = async (): Promise<void> => {
    const given = loadConfig();
    const problems = requirements(given);
    if (problems.length > 0) throw new ConfigError(problems);
    const config = await withEmbeddedKeys(given);
    const logger = createLogger(config.logLevel);
    const dataSource = createConfiguredDataSource(config);
    await dataSource.initialize();
    const stopPart = await start({ config, logger, dataSource });
    const stop = async (signal: string): Promise<void> => {
      logger.info({ signal, graceMs: config.shutdownGraceMs }, 'stopping');
      setTimeout(() => {
        logger.error({ graceMs: config.shutdownGraceMs }, 'not stopped within the grace period');
        process.exit(1);
      }, config.shutdownGraceMs).unref();
      try {
        await stopPart();
        await dataSource.destroy();
      } catch (error) {
        logger.error({ err: describeError(error) }, 'stopping failed');
        process.exit(1);
      }
      logger.info('stopped');
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  };
  run().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof PortUnavailableError)
      console.error(error.message);
    else
      console.error(
        JSON.stringify({ level: 'fatal', msg: 'start failed', err: describeError(error) }),
      );
    process.exit(1);
  });
}
