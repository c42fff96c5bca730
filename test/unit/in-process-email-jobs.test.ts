import { UnrecoverableError } from 'bullmq';
import { pollUntil } from '../support/poll.js';
import { expect } from 'chai';
import { InProcessEmailJobs } from '../../services/worker/email/in-process-email-jobs.js';
import type { EmailOutcomes } from '../../services/worker/email/email-outcomes.js';
import type { EmailJob } from '../../services/worker/email/initialization-email.processor.js';

const data = { userId: 'u', codeId: 'c' };

/** Records what the queue reports, as the log and the metrics would see it. */
function recorder(): EmailOutcomes & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    completed: (outcome) => seen.push(outcome.sent ? 'sent' : 'skipped'),
    failed: (job, _error, final) =>
      seen.push(`${final ? 'failed' : 'retried'}:${job.attemptsMade}`),
  };
}

const until = (done: () => Promise<boolean>) => pollUntil(done, Boolean, 5000, 5);

describe('the in-process email queue', () => {
  it('knows an id once, and runs each job until it is sent', async () => {
    const outcomes = recorder();
    const ran: string[] = [];
    const jobs = new InProcessEmailJobs(
      async (job: EmailJob) => {
        ran.push(job.id!);
        return { sent: true, messageId: 'm' };
      },
      { concurrency: 2, attempts: 3, backoffMs: 10 },
      outcomes,
    );
    expect(await jobs.add('a', data)).to.equal(true);
    expect(await jobs.add('a', data)).to.equal(false);
    expect(await jobs.has('a')).to.equal(true);
    await until(async () => (await jobs.health()).completed === 1);
    expect(await jobs.add('a', data), 'a finished id stays known').to.equal(false);
    expect(ran).to.deep.equal(['a']);
    expect(outcomes.seen).to.deep.equal(['sent']);
    await jobs.close();
  });

  it('retries with exponential back-off, fails after the last attempt, and fails an unrecoverable error at once', async () => {
    const outcomes = recorder();
    const tries: Record<string, number[]> = { flaky: [], broken: [], refused: [] };
    const jobs = new InProcessEmailJobs(
      async (job: EmailJob) => {
        tries[job.id!]!.push(Date.now());
        if (job.id === 'refused') throw new UnrecoverableError('email refused: 550');
        if (job.id === 'broken' || tries[job.id!]!.length < 3) throw new Error('try again');
        return { sent: true, messageId: 'm' };
      },
      { concurrency: 3, attempts: 3, backoffMs: 40 },
      outcomes,
    );
    for (const id of Object.keys(tries)) await jobs.add(id, data);
    await until(async () => {
      const health = await jobs.health();
      return health.completed === 1 && health.failed === 2;
    });
    expect(await jobs.health()).to.deep.equal({
      waiting: 0,
      active: 0,
      delayed: 0,
      failed: 2,
      completed: 1,
    });
    expect(tries.refused).to.have.length(1);
    expect(tries.broken).to.have.length(3);
    const [first, second, third] = tries.flaky as [number, number, number];
    expect(second - first).to.be.at.least(35);
    expect(third - second, 'the delay doubles').to.be.at.least(75);
    expect(outcomes.seen.filter((seen) => seen.startsWith('failed'))).to.have.members([
      'failed:1',
      'failed:3',
    ]);
    await jobs.close();
  });

  it('runs no more than `concurrency` at once, and closing waits for the running ones', async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    const jobs = new InProcessEmailJobs(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 30));
        running--;
        finished++;
        return { sent: true, messageId: 'm' };
      },
      { concurrency: 2, attempts: 1, backoffMs: 10 },
      recorder(),
    );
    for (let i = 0; i < 6; i++) await jobs.add(`job-${i}`, data);
    await new Promise((r) => setTimeout(r, 10));
    await jobs.close();
    expect(most).to.equal(2);
    expect(running).to.equal(0);
    expect(finished, 'the two running finished; the waiting ones were left').to.equal(2);
  });

  it("tells each try's outcome to its listeners: 'sent', then 'failed' until the final one", async () => {
    const jobs = new InProcessEmailJobs(
      async (job: EmailJob) => {
        if (job.id === 'bad') throw new Error('try again');
        return { sent: true, messageId: `<${job.id}>` };
      },
      { concurrency: 2, attempts: 2, backoffMs: 5 },
      recorder(),
    );
    const failures: boolean[] = [];
    const sent = new Promise((resolve) => jobs.once('sent', resolve));
    const final = new Promise<void>((resolve) =>
      jobs.on('failed', ({ jobId, final }) => {
        failures.push(final);
        if (jobId === 'bad' && final) resolve();
      }),
    );
    await jobs.add('good', data);
    await jobs.add('bad', data);
    expect(await sent).to.deep.equal({ jobId: 'good', messageId: '<good>' });
    await final;
    expect(failures).to.deep.equal([false, true]);
    await jobs.close();
  });
});
