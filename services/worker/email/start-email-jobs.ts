import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { EmailMetrics } from '../../../shared/observability/metrics.js';
import type { ReadinessCheck } from '../../../shared/observability/readiness.js';
import {
  BullmqEmailJobs,
  connectEmailRedis,
  createEmailQueue,
  startEmailWorker,
  type EmailQueue,
} from './bullmq-email-jobs.js';
import type { EmailJobs } from './email-jobs.js';
import { emailOutcomes } from './email-outcomes.js';
import { InProcessEmailJobs } from './in-process-email-jobs.js';
import { createInitializationEmailProcessor } from './initialization-email.processor.js';
import { createEmailTransport } from './smtp-transport.js';

export interface RunningEmailJobs {
  jobs: EmailJobs;
  /** BullMQ's queue, when the jobs are in Redis. */
  queue?: EmailQueue;
  /** Redis, when there is one. */
  checks: Record<string, ReadinessCheck>;
  /** Lets running emails finish, then closes the queue and the transport. */
  close(): Promise<void>;
}

/**
 * The email jobs and what sends them: BullMQ on `REDIS_URL` (every worker instance shares the
 * queue), or, without Redis, a queue in this process that recovers the unsent codes at start.
 */
export async function startEmailJobs(
  dataSource: DataSource,
  config: Config,
  logger: Logger,
  metrics: (health: () => Promise<Record<string, number>>) => EmailMetrics,
): Promise<RunningEmailJobs> {
  if (config.redisUrl) {
    const connection = connectEmailRedis(config);
    const queue = createEmailQueue(config.worker, connection);
    const jobs = new BullmqEmailJobs(queue, config.worker);
    const worker = startEmailWorker({
      dataSource,
      config,
      logger,
      connection,
      metrics: metrics(async () => ({ ...(await jobs.health()) })),
      events: jobs,
    });
    return {
      jobs,
      queue,
      checks: { redis: () => connection.ping() },
      async close() {
        await worker.close();
        await queue.close();
        connection.disconnect();
      },
    };
  }
  const log = logger.child({ component: 'email-worker', queue: 'in-process' });
  const transport = createEmailTransport(config.worker);
  // The gauge asks for the counts only when scraped, after `jobs` exists.
  const outcomes = emailOutcomes(
    log,
    metrics(async () => ({ ...(await jobs.health()) })),
  );
  const jobs = new InProcessEmailJobs(
    createInitializationEmailProcessor({ dataSource, config, transport, logger: log }),
    {
      concurrency: config.worker.emailConcurrency,
      attempts: config.worker.emailAttempts,
      backoffMs: config.worker.emailBackoffMs,
    },
    outcomes,
  );
  const recovered = await jobs.recover(dataSource);
  if (recovered > 0) log.info({ recovered }, 'queued again the emails not sent before');
  return {
    jobs,
    checks: {},
    async close() {
      await jobs.close();
      transport.close();
    },
  };
}
