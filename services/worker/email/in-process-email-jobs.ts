import { EventEmitter } from 'node:events';
import { UnrecoverableError } from 'bullmq';
import { IsNull, MoreThan, Not, type DataSource } from 'typeorm';
import { UserCode } from '../../../shared/db/entities/index.js';
import {
  emitCompleted,
  type EmailJobEvents,
  type EmailJobs,
  type EmailQueueHealth,
} from './email-jobs.js';
import type { EmailOutcomes } from './email-outcomes.js';
import {
  initializationEmailJobId,
  type InitializationEmailJob,
} from './initialization-email.job.js';
import type { EmailJob, InitializationEmailOutcome } from './initialization-email.processor.js';

type State = keyof EmailQueueHealth;

/**
 * Finished jobs kept so their ids stay known, as BullMQ keeps them. Past this the oldest go: a
 * job added again after that finds its code sent and sends nothing.
 */
const KEEP_FINISHED = 10_000;

interface QueuedJob {
  data: InitializationEmailJob;
  state: State;
  attemptsMade: number;
}

interface InProcessEmailJobsOptions {
  /** Emails sent at once. */
  concurrency: number;
  /** Tries per email before it is failed. */
  attempts: number;
  /** First retry delay; doubles each try. */
  backoffMs: number;
}

/**
 * The email jobs without Redis: queued and run in this process with the same rules as BullMQ's
 * (ids known once, `concurrency` at a time, exponential back-off, an UnrecoverableError fails at
 * once). What waits here is lost with the process, but nothing due is: each due email has its
 * code row, and `recover` queues again every code not yet sent when the process starts.
 */
export class InProcessEmailJobs extends EventEmitter<EmailJobEvents> implements EmailJobs {
  private readonly jobs = new Map<string, QueuedJob>();
  /** Finished job ids, oldest first. */
  private readonly finished: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;
  private drained?: () => void;

  constructor(
    private readonly process: (job: EmailJob) => Promise<InitializationEmailOutcome>,
    private readonly options: InProcessEmailJobsOptions,
    private readonly outcomes: EmailOutcomes,
  ) {
    super();
  }

  async has(jobId: string): Promise<boolean> {
    return this.jobs.has(jobId);
  }

  async add(jobId: string, data: InitializationEmailJob): Promise<boolean> {
    if (this.jobs.has(jobId) || this.closed) return false;
    this.jobs.set(jobId, { data, state: 'waiting', attemptsMade: 0 });
    this.pump();
    return true;
  }

  async health(): Promise<EmailQueueHealth> {
    const health: EmailQueueHealth = { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 };
    for (const job of this.jobs.values()) health[job.state]++;
    return health;
  }

  /**
   * Queues the emails whose codes are stored, due, and not yet sent: every code an event asked
   * for, initialization and passwordless registration alike (the import's passwordless code,
   * handed to its caller, names no event and is never mailed).
   */
  async recover(dataSource: DataSource): Promise<number> {
    const unsent = await dataSource.getRepository(UserCode).findBy({
      sentAt: IsNull(),
      usedAt: IsNull(),
      expiresAt: MoreThan(new Date()),
      sourceEventId: Not(IsNull()),
    });
    let queued = 0;
    for (const code of unsent) {
      const added = await this.add(initializationEmailJobId(code.sourceEventId!), {
        userId: code.userId,
        codeId: code.id,
      });
      if (added) queued++;
    }
    return queued;
  }

  /** Takes no more jobs, drops the retries waiting for their time, and lets running ones end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.running > 0) await new Promise<void>((resolve) => (this.drained = resolve));
  }

  private pump(): void {
    if (this.closed || this.running >= this.options.concurrency) return;
    for (const [id, job] of this.jobs) {
      if (job.state === 'waiting') void this.run(id, job);
      if (this.running >= this.options.concurrency) return;
    }
  }

  private async run(id: string, job: QueuedJob): Promise<void> {
    job.state = 'active';
    job.attemptsMade++;
    this.running++;
    try {
      const outcome = await this.process({ id, data: job.data });
      job.state = 'completed';
      this.outcomes.completed(outcome);
      emitCompleted(this, id, outcome);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const final =
        error instanceof UnrecoverableError || job.attemptsMade >= this.options.attempts;
      this.outcomes.failed(
        { id, attemptsMade: job.attemptsMade, attempts: this.options.attempts },
        error,
        final,
      );
      this.emit('failed', { jobId: id, error, final });
      if (final) job.state = 'failed';
      else this.retryLater(job);
    } finally {
      if (job.state === 'completed' || job.state === 'failed') this.forgetOld(id);
      this.running--;
      if (this.running === 0) this.drained?.();
      this.pump();
    }
  }

  private forgetOld(id: string): void {
    this.finished.push(id);
    while (this.finished.length > KEEP_FINISHED) this.jobs.delete(this.finished.shift()!);
  }

  private retryLater(job: QueuedJob): void {
    job.state = 'delayed';
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        job.state = 'waiting';
        this.pump();
      },
      this.options.backoffMs * 2 ** (job.attemptsMade - 1),
    );
    this.timers.add(timer);
  }
}
