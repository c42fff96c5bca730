import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../shared/config/config.js';
import { createOneTimeCode } from '../../shared/credentials/one-time-code.js';
import { createDataSource, migrate } from '../../shared/db/data-source.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createRegistry, EmailMetrics } from '../../shared/observability/metrics.js';
import type { EmailJobEvents, EmailJobs } from '../../services/worker/email/email-jobs.js';
import {
  startEmailJobs,
  type RunningEmailJobs,
} from '../../services/worker/email/start-email-jobs.js';
import { freePort } from '../support/api-process.js';
import { createTestDatabase } from '../support/database.js';
import { SmtpSink } from '../support/smtp-sink.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The first payload of `event` whose job is `jobId`. */
function next<E extends keyof EmailJobEvents>(
  jobs: EmailJobs,
  event: E,
  jobId: string,
): Promise<EmailJobEvents[E][0]> {
  return new Promise((resolve) => {
    const listener = (payload: EmailJobEvents[E][0]) => {
      if (payload.jobId !== jobId) return;
      jobs.off(event, listener as never);
      resolve(payload);
    };
    // TypeScript cannot narrow Node's listener type for an event name that is a type parameter.
    jobs.on(event, listener as never);
  });
}

for (const queue of [
  { name: 'BullMQ', env: { REDIS_URL } },
  { name: 'in process', env: { REDIS_URL: '' } },
]) {
  describe(`the email jobs' events (${queue.name})`, function () {
    this.timeout(30_000);
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataSource: DataSource;
    let smtp: SmtpSink;
    let running: RunningEmailJobs | undefined;

    before(async () => {
      database = await createTestDatabase();
      dataSource = createDataSource({ url: database.url, poolSize: 2 });
      await dataSource.initialize();
      await migrate(dataSource);
      smtp = await new SmtpSink().start();
    });
    afterEach(async () => {
      await running?.queue?.obliterate({ force: true });
      await running?.close();
      running = undefined;
    });
    after(async () => {
      await smtp.stop();
      await dataSource.destroy();
      await database.drop();
    });

    async function start(smtpUrl: string): Promise<EmailJobs> {
      const config = loadConfig({
        ...queue.env,
        SMTP_URL: smtpUrl,
        EMAIL_QUEUE: `email-events-${randomBytes(6).toString('hex')}`,
        EMAIL_ATTEMPTS: '2',
        EMAIL_BACKOFF_MS: '50',
        SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PUBLIC_URL: 'https://id.example.com',
        DATABASE_URL: database.url,
      });
      running = await startEmailJobs(
        dataSource,
        config,
        createLogger('silent'),
        (health) => new EmailMetrics(createRegistry(), health),
      );
      return running.jobs;
    }

    /** A user with an initialization code, and the job data that mails it. */
    async function userWithCode(email: string) {
      const orgId = randomUUID();
      const userId = randomUUID();
      const codeId = randomUUID();
      await dataSource.query(
        `INSERT INTO organizations (id, name, name_lower, state, created_at) VALUES (?, ?, ?, 'active', NOW(3))`,
        [orgId, orgId, orgId],
      );
      await dataSource.query(
        `INSERT INTO users (id, org_id, user_name, user_name_lower, state, first_name, last_name,
           display_name, gender, email, email_verified, phone_verified,
           password_change_required, version, sequence, creation_date, change_date)
         VALUES (?, ?, ?, ?, 'active', 'Ada', 'Lovelace', 'Ada Lovelace', 'unspecified', ?,
           false, false, false, 1, 1, NOW(3), NOW(3))`,
        [userId, orgId, userId, userId, email],
      );
      await dataSource.query(
        `INSERT INTO user_codes (id, user_id, kind, code_hash, expires_at, created_at)
         VALUES (?, ?, 'initialization', ?, NOW(3) + INTERVAL 1 HOUR, NOW(3))`,
        [codeId, userId, createOneTimeCode().hash],
      );
      return { userId, codeId };
    }

    it("emits 'sent' with the Message-ID once the server accepted the email, and 'skipped' for a job of no use", async () => {
      const jobs = await start(smtp.url);
      const jobId = `init-email-${randomUUID()}`;
      const sent = next(jobs, 'sent', jobId);
      await jobs.add(jobId, await userWithCode('events@example.com'));
      const { messageId } = await sent;
      expect(smtp.to('events@example.com')).to.have.length(1);
      expect(smtp.to('events@example.com')[0]!.raw).to.contain(messageId);

      const goneId = `init-email-${randomUUID()}`;
      const skipped = next(jobs, 'skipped', goneId);
      await jobs.add(goneId, { userId: randomUUID(), codeId: randomUUID() });
      expect(await skipped).to.deep.equal({ jobId: goneId, reason: 'user-removed' });
    });

    it("emits 'failed' for each try, final on the last attempt", async () => {
      // Nothing listens on the port: every connection is refused.
      const jobs = await start(`smtp://127.0.0.1:${await freePort()}`);
      const jobId = `init-email-${randomUUID()}`;
      const tries: boolean[] = [];
      const final = new Promise<void>((resolve) =>
        jobs.on('failed', (failure) => {
          if (failure.jobId !== jobId) return;
          tries.push(failure.final);
          expect(failure.error.message).to.contain('will retry');
          if (failure.final) resolve();
        }),
      );
      await jobs.add(jobId, await userWithCode('refused@example.com'));
      await final;
      expect(tries).to.deep.equal([false, true]);
    });
  });
}
