import { EventEmitter } from 'node:events';
import { Queue, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Config, WorkerConfig } from '../../../shared/config/config.js';
import { describeError, type Logger } from '../../../shared/logging/logger.js';
import type { EmailMetrics } from '../../../shared/observability/metrics.js';
import {
  emitCompleted,
  type EmailJobEvents,
  type EmailJobs,
  type EmailQueueHealth,
} from './email-jobs.js';
import { emailOutcomes } from './email-outcomes.js';
import {
  INITIALIZATION_EMAIL,
  initializationEmailJobId,
  type InitializationEmailJob,
} from './initialization-email.job.js';
import {
  createInitializationEmailProcessor,
  type InitializationEmailOutcome,
} from './initialization-email.processor.js';
import { createEmailTransport, type SmtpTransport } from './smtp-transport.js';

export type EmailQueue = Queue<InitializationEmailJob>;

const DAY_SECONDS = 86_400;

/**
 * A finished job is kept so that adding its id again stays a no-op: a Kafka redelivery within a
 * week sends no second email. The count bounds Redis memory when a burst finishes at once.
 */
const KEEP_COMPLETED = { age: 7 * DAY_SECONDS, count: 100_000 };
/** Failed jobs are kept longer: they are what an operator looks into. */
const KEEP_FAILED = { age: 30 * DAY_SECONDS, count: 100_000 };

/**
 * A Redis connection the queue and the worker can share. BullMQ's worker blocks on Redis and
 * refuses a client that gives up on a command after some retries (`maxRetriesPerRequest`).
 */
export function connectEmailRedis(config: Pick<Config, 'redisUrl'>): Redis {
  if (!config.redisUrl) throw new Error('REDIS_URL is required for the email queue');
  return new Redis(config.redisUrl, { maxRetriesPerRequest: null });
}

export function createEmailQueue(config: WorkerConfig, connection: ConnectionOptions): EmailQueue {
  return new Queue<InitializationEmailJob>(config.emailQueue, { connection });
}

/**
 * Queues the initialization email `eventId` asks for, unless that event's job exists already.
 * Returns whether this call queued it.
 */
export function enqueueInitializationEmail(
  queue: EmailQueue,
  eventId: string,
  data: InitializationEmailJob,
  config: WorkerConfig,
): Promise<boolean> {
  return addJob(queue, initializationEmailJobId(eventId), data, config);
}

async function addJob(
  queue: EmailQueue,
  jobId: string,
  data: InitializationEmailJob,
  config: WorkerConfig,
): Promise<boolean> {
  const added = await queue.add(INITIALIZATION_EMAIL, data, {
    jobId,
    attempts: config.emailAttempts,
    backoff: { type: 'exponential', delay: config.emailBackoffMs },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  });
  // For an id it has already, BullMQ answers with a job built from our arguments and stores
  // nothing; only the stored copy, stamped when it was added, tells whose job it is.
  const stored = await queue.getJob(jobId);
  return stored?.timestamp === added.timestamp;
}

export async function queueHealth(queue: EmailQueue): Promise<EmailQueueHealth> {
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
  return {
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    completed: counts.completed ?? 0,
  };
}

/**
 * The jobs of a BullMQ queue. Its events tell the tries of the email worker that was started with
 * it as its `events` (the one in this process); other instances' tries are theirs to tell.
 */
export class BullmqEmailJobs extends EventEmitter<EmailJobEvents> implements EmailJobs {
  constructor(
    private readonly queue: EmailQueue,
    private readonly config: WorkerConfig,
  ) {
    super();
  }

  async has(jobId: string): Promise<boolean> {
    return (await this.queue.getJob(jobId)) !== undefined;
  }

  add(jobId: string, data: InitializationEmailJob): Promise<boolean> {
    return addJob(this.queue, jobId, data, this.config);
  }

  health(): Promise<EmailQueueHealth> {
    return queueHealth(this.queue);
  }
}

interface EmailWorkerOptions {
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
  /** Where each try's outcome is emitted (`sent`, `skipped`, `failed`). Default: nowhere. */
  events?: EventEmitter<EmailJobEvents>;
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
  events,
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
  worker.on('completed', (job, outcome) => {
    outcomes.completed(outcome);
    if (events && job.id) emitCompleted(events, job.id, outcome);
  });
  worker.on('failed', (job, error) => {
    const final =
      error instanceof UnrecoverableError || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
    outcomes.failed(
      { id: job?.id, attemptsMade: job?.attemptsMade ?? 0, attempts: job?.opts.attempts ?? 1 },
      error,
      final,
    );
    if (job?.id) events?.emit('failed', { jobId: job.id, error, final });
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
