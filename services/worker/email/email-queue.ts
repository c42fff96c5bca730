import { Queue, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { Config, WorkerConfig } from '../../../shared/config/config.js';
import {
  INITIALIZATION_EMAIL,
  initializationEmailJobId,
  type InitializationEmailJob,
} from './initialization-email.job.js';

export type EmailQueue = Queue<InitializationEmailJob>;

/**
 * Where the initialization email jobs wait: BullMQ on Redis, or in process without Redis. A job's
 * id is derived from its event, so the same event never queues two emails.
 */
export interface EmailJobs {
  /** Whether a job with this id is known: waiting, running, finished or failed. */
  has(jobId: string): Promise<boolean>;
  /** Queues the job unless its id is known; returns whether this call queued it. */
  add(jobId: string, data: InitializationEmailJob): Promise<boolean>;
  health(): Promise<EmailQueueHealth>;
}

/** How many jobs each state holds; what the metrics (a later issue) export. */
export interface EmailQueueHealth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

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

/** The jobs of a BullMQ queue. */
export function bullmqEmailJobs(queue: EmailQueue, config: WorkerConfig): EmailJobs {
  return {
    has: async (jobId) => (await queue.getJob(jobId)) !== undefined,
    add: (jobId, data) => addJob(queue, jobId, data, config),
    health: () => queueHealth(queue),
  };
}
