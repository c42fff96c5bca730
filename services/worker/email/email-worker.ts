import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Config, WorkerConfig } from '../../../shared/config/config.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EmailMetrics } from '../../../shared/observability/metrics.js';
import { INITIALIZATION_EMAIL, type InitializationEmailJob } from './initialization-email.job.js';
import {
  createInitializationEmailProcessor,
  type InitializationEmailOutcome,
} from './initialization-email.processor.js';
import { createEmailFolderTransport } from './email-folder-transport.js';
import { emailOutcomes } from './email-outcomes.js';
import { createSmtpTransport, type SmtpTransport } from './smtp-transport.js';

export interface EmailWorkerOptions {
  dataSource: DataSource;
  config: Config;
  logger: Logger;
  /** Redis for BullMQ; an ioredis client needs `maxRetriesPerRequest: null` (`connectEmailRedis`). */
  connection: ConnectionOptions;
  /**
   * Default: SMTP when `SMTP_URL` is set, `.eml` files in `EMAIL_DIR` otherwise. The worker
   * closes it either way.
   */
  transport?: SmtpTransport;
  /** Counts each job's outcome. */
  metrics?: EmailMetrics;
}

export interface EmailWorker {
  /** Lets running emails finish, then closes the worker and the SMTP pool. */
  close(): Promise<void>;
}

/** Sends the emails queued on `config.worker.emailQueue`, `emailConcurrency` at a time. */
export function startEmailWorker({
  dataSource,
  config,
  logger,
  connection,
  transport = createEmailTransport(config.worker),
  metrics,
}: EmailWorkerOptions): EmailWorker {
  const log = logger.child({ component: 'email-worker', queue: config.worker.emailQueue });
  const sendInitializationEmail = createInitializationEmailProcessor({
    dataSource,
    config,
    transport,
    logger: log,
  });
  const worker = new Worker<InitializationEmailJob, InitializationEmailOutcome>(
    config.worker.emailQueue,
    async (job) => {
      if (job.name === INITIALIZATION_EMAIL) return sendInitializationEmail(job);
      throw new UnrecoverableError(`no email is known by the name ${job.name}`);
    },
    { connection, concurrency: config.worker.emailConcurrency },
  );
  const outcomes = emailOutcomes(log, metrics);
  worker.on('completed', (_job, outcome) => outcomes.completed(outcome));
  worker.on('failed', (job, error) => {
    const final =
      error instanceof UnrecoverableError || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
    outcomes.failed(
      { id: job?.id, attemptsMade: job?.attemptsMade ?? 0, attempts: job?.opts.attempts ?? 1 },
      error,
      final,
    );
  });
  // Without a listener an 'error' (e.g. Redis gone) would end the process.
  worker.on('error', (error) => log.error({ error: describeError(error) }, 'email worker error'));
  return {
    async close() {
      await worker.close();
      transport.close();
    },
  };
}

/** SMTP when `SMTP_URL` is set, `.eml` files in `EMAIL_DIR` otherwise. */
export function createEmailTransport(config: WorkerConfig): SmtpTransport {
  return config.smtpUrl ? createSmtpTransport(config) : createEmailFolderTransport(config.emailDir);
}
