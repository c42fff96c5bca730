import type { Logger } from '../../../shared/logging/logger.js';
import { describeError } from '../../../shared/logging/logger.js';
import type { EmailMetrics } from '../../../shared/observability/metrics.js';
import type { InitializationEmailOutcome } from './initialization-email.processor.js';

/** What happens when an email job ends a try, whichever queue ran it: a log line and a count. */
export interface EmailOutcomes {
  completed(outcome: InitializationEmailOutcome): void;
  failed(
    job: { id?: string; attemptsMade: number; attempts: number },
    error: Error,
    final: boolean,
  ): void;
}

export function emailOutcomes(log: Logger, metrics: EmailMetrics | undefined): EmailOutcomes {
  return {
    completed: (outcome) => metrics?.count(outcome.sent ? 'sent' : 'skipped'),
    failed: (job, error, final) => {
      metrics?.count(final ? 'failed' : 'retried');
      // The messages the processor throws are free of secrets; the job data is never logged.
      log[final ? 'error' : 'warn'](
        {
          jobId: job.id,
          attemptsMade: job.attemptsMade,
          attempts: job.attempts,
          error: describeError(error),
        },
        final ? 'email failed for good' : 'email failed, retrying',
      );
    },
  };
}
