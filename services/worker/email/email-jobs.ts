import type { EventEmitter } from 'node:events';
import type { InitializationEmailJob } from './initialization-email.job.js';
import type { InitializationEmailOutcome, SkipReason } from './initialization-email.processor.js';

/**
 * Where the initialization email jobs wait: BullMQ on Redis (`bullmq-email-jobs.ts`), or in this
 * process without Redis (`in-process-email-jobs.ts`). A job's id is derived from its event, so the
 * same event never queues two emails. Each try of a job that this process ran is told to the
 * listeners (`on('sent', …)`), as BullMQ's worker tells its own.
 */
export interface EmailJobs extends EmailJobEmitter {
  /** Whether a job with this id is known: waiting, running, finished or failed. */
  has(jobId: string): Promise<boolean>;
  /** Queues the job unless its id is known; returns whether this call queued it. */
  add(jobId: string, data: InitializationEmailJob): Promise<boolean>;
  health(): Promise<EmailQueueHealth>;
}

/** How many jobs each state holds; what the email queue gauge exports. */
export interface EmailQueueHealth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** What one try of an email job came to, by event name; each payload names the job. */
export type EmailJobEvents = {
  /** The server accepted the email. */
  sent: [{ jobId: string; messageId: string }];
  /** The job ended without sending, for a reason that makes the email useless. */
  skipped: [{ jobId: string; reason: SkipReason }];
  /** The try failed; `final` when no try follows (refused for good, or the last attempt). */
  failed: [{ jobId: string; error: Error; final: boolean }];
};

/** The listening half of Node's EventEmitter, typed by each event's payload. */
type EmailJobEmitter = Pick<EventEmitter<EmailJobEvents>, 'on' | 'once' | 'off'>;

/** Tells the listeners of `events` what a completed try of job `jobId` came to. */
export function emitCompleted(
  events: EventEmitter<EmailJobEvents>,
  jobId: string,
  outcome: InitializationEmailOutcome,
): void {
  if (outcome.sent) events.emit('sent', { jobId, messageId: outcome.messageId });
  else events.emit('skipped', { jobId, reason: outcome.reason });
}
