import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../shared/config/config.js';
import { createOneTimeCode, hashOneTimeCode } from '../../shared/credentials/one-time-code.js';
import { createDataSource, migrate } from '../../shared/db/data-source.js';
import { createLogger } from '../../shared/logging/logger.js';
import {
  connectEmailRedis,
  createEmailQueue,
  enqueueInitializationEmail,
  queueHealth,
  startEmailWorker,
  type EmailQueue,
  type EmailWorker,
} from '../../services/worker/email/bullmq-email-jobs.js';
import { initializationEmailJobId } from '../../services/worker/email/initialization-email.job.js';
import { createTestDatabase } from '../support/database.js';
import { LogCapture } from '../support/log-capture.js';
import { freePort } from '../support/api-process.js';
import { parseMessage } from '../support/mime-message.js';
import { pollUntil } from '../support/poll.js';
import { SmtpSink } from '../support/smtp-sink.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'https://id.example.com';
const BOUNCING = 'bounce@example.com';

describe('initialization emails through BullMQ and SMTP', function () {
  this.timeout(60_000);

  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let redis: Redis;
  let orgId: string;
  let config: Config;
  let queue: EmailQueue;
  let emailWorker: EmailWorker;
  let inbox: SmtpSink | undefined;
  let logs: LogCapture;

  beforeEach(async () => {
    database = await createTestDatabase();
    dataSource = createDataSource({ url: database.url, poolSize: 2 });
    await dataSource.initialize();
    await migrate(dataSource);
    orgId = randomUUID();
    await dataSource.query(
      `INSERT INTO organizations (id, name, name_lower, state, created_at) VALUES (?, 'Acme', ?, 'active', NOW(3))`,
      [orgId, orgId],
    );
    logs = new LogCapture();
  });

  afterEach(async () => {
    await emailWorker?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    redis?.disconnect();
    await inbox?.stop();
    inbox = undefined;
    await dataSource?.destroy();
    await database?.drop();
  });

  /** The worker and a producer's queue, on a queue of this test's own. */
  function start(smtpPort: number): void {
    config = loadConfig({
      REDIS_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_QUEUE: `email-test-${randomBytes(6).toString('hex')}`,
      EMAIL_BACKOFF_MS: '200',
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_URL,
      DATABASE_URL: database.url,
    });
    redis = connectEmailRedis(config);
    queue = createEmailQueue(config.worker, redis);
    const logger = createLogger('info', logs);
    emailWorker = startEmailWorker({ dataSource, config, logger, connection: redis });
  }

  async function addUser(
    email: string,
    language: string | null,
    firstName = 'Ada',
  ): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO users (id, org_id, user_name, user_name_lower, state, first_name, last_name,
         display_name, preferred_language, gender, email, email_verified, phone_verified,
         password_change_required, version, sequence, creation_date, change_date)
       VALUES (?, ?, ?, ?, 'active', ?, 'Lovelace', ?, ?, 'unspecified', ?, false, false, false,
         1, 1, NOW(3), NOW(3))`,
      [id, orgId, id, id, firstName, `${firstName} Lovelace`, language, email],
    );
    return id;
  }

  /** What the Kafka consumer does: store a code (the email job replaces it), queue the email. */
  async function queueEmail(userId: string, eventId = randomUUID(), lifetimeSeconds = 72 * 3600) {
    const codeId = randomUUID();
    await dataSource.query(
      `INSERT INTO user_codes (id, user_id, kind, code_hash, expires_at, created_at)
       VALUES (?, ?, 'initialization', ?, NOW(3) + INTERVAL ? SECOND, NOW(3))`,
      [codeId, userId, createOneTimeCode().hash, lifetimeSeconds],
    );
    const data = { userId, codeId };
    const queued = await enqueueInitializationEmail(queue, eventId, data, config.worker);
    return { codeId, eventId, queued, jobId: initializationEmailJobId(eventId), data };
  }

  /** The code an email's link carries; it must be the one whose hash is stored now. */
  async function mailedCode(body: string, codeId: string): Promise<string> {
    const code = new URL(
      /https:\/\/\S+/.exec(body)![0].replace(/"$/, '').replace(/&amp;/g, '&'),
    ).searchParams.get('code')!;
    const [row] = (await dataSource.query('SELECT code_hash FROM user_codes WHERE id = ?', [
      codeId,
    ])) as { code_hash: Buffer }[];
    expect(
      row!.code_hash.equals(hashOneTimeCode(code)),
      'the mailed code is the stored one',
    ).to.equal(true);
    return code;
  }

  /** The job once it has ended; read after its state, so the snapshot is the final one. */
  function finished(jobId: string): Promise<Job> {
    return pollUntil(
      async () =>
        ['completed', 'failed'].includes(await queue.getJobState(jobId))
          ? queue.getJob(jobId)
          : undefined,
      (job): job is Job => job !== undefined,
      20_000,
      50,
    ) as Promise<Job>;
  }

  it('sends an English email with a text and an HTML part whose link carries the code', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const userId = await addUser('ada@example.com', 'en', 'Ada <b>&');
    const { codeId, jobId } = await queueEmail(userId);

    const job = await finished(jobId);
    expect(await job.getState()).to.equal('completed');
    expect(job.returnvalue).to.include({ sent: true });
    expect(inbox.messages).to.have.length(1);
    const { headers, parts } = parseMessage(inbox.messages[0]!);
    expect(headers.to).to.contain('<ada@example.com>');
    expect(headers.subject).to.equal('Welcome – activate your account');
    const text = parts.find((part) => part.type.startsWith('text/plain'))?.body ?? '';
    const html = parts.find((part) => part.type.startsWith('text/html'))?.body ?? '';
    const code = await mailedCode(text, codeId);
    const link = `${PUBLIC_URL}/ui/login/init?userID=${userId}&code=${code}`;
    expect(text).to.contain('Hello Ada <b>&,').and.contain(link);
    const sentLink = new URL(/https:\/\/\S+/.exec(text)![0]);
    expect(sentLink.searchParams.get('code')).to.equal(code);
    expect(html).to.contain('Hello Ada &lt;b&gt;&amp;,');
    expect(html).to.contain(`href="${link.replace('&', '&amp;')}"`);
    expect(logs.text).to.contain('initialization email sent');
    expect(logs.text).not.to.contain(code);
  });

  it('writes in German to de-CH and in English to fr', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const swiss = await queueEmail(await addUser('joerg@example.ch', 'de-CH', 'Jörg'));
    const french = await queueEmail(await addUser('amelie@example.fr', 'fr', 'Amélie'));
    await finished(swiss.jobId);
    await finished(french.jobId);

    const mails = inbox.messages.map(parseMessage);
    const to = (address: string) => mails.find((mail) => mail.headers.to?.includes(address))!;
    const german = to('joerg@example.ch');
    expect(german.headers.subject).to.equal('Willkommen – aktiviere dein Konto');
    expect(german.parts[0]!.body).to.contain('Hallo Jörg,').and.contain('Bitte bestätige');
    expect(german.parts[1]!.body).to.contain('lang="de"').and.contain('Konto aktivieren');
    const english = to('amelie@example.fr');
    expect(english.headers.subject).to.equal('Welcome – activate your account');
    expect(english.parts[0]!.body).to.contain('Hello Amélie,');
  });

  it('queues one job and sends one email when the same event is handled twice', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const userId = await addUser('twice@example.com', null);
    const first = await queueEmail(userId);
    const again = await queueEmail(userId, first.eventId);
    expect([first.queued, again.queued]).to.deep.equal([true, false]);

    await finished(first.jobId);
    expect((await queueEmail(userId, first.eventId)).queued).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(inbox.messages).to.have.length(1);
    await mailedCode(parseMessage(inbox.messages[0]!).parts[0]!.body, first.codeId);
    expect(await queueHealth(queue)).to.include({ completed: 1, waiting: 0, delayed: 0 });
  });

  it('retries with back-off while the SMTP server refuses connections, then sends once', async () => {
    const port = await freePort();
    start(port);
    const { codeId, jobId } = await queueEmail(await addUser('patient@example.com', 'en'));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await queueHealth(queue)).to.include({ completed: 0, failed: 0 });
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start(port);

    const job = await finished(jobId);
    expect(await job.getState()).to.equal('completed');
    expect(job.attemptsMade).to.be.greaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.messages).to.have.length(1);
    // Each try made a code of its own; the one that arrived is the one that works.
    const code = await mailedCode(parseMessage(inbox.messages[0]!).parts[0]!.body, codeId);
    expect(logs.text).to.contain('email failed, retrying').and.not.to.contain(code);
  });

  it('fails a permanently rejected email after one attempt and sends nothing', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const { jobId } = await queueEmail(await addUser(BOUNCING, 'en'));

    const job = await finished(jobId);
    expect(await job.getState()).to.equal('failed');
    expect(job.attemptsMade).to.equal(1);
    expect(job.failedReason).to.contain('550');
    expect(job.failedReason).not.to.match(/code=|http/);
    expect(inbox.messages).to.have.length(0);
    expect(logs.text)
      .to.contain('email failed for good')
      .and.not.to.match(/code=|ui\/login/);
  });

  it('sends nothing when the user or the code is gone, the code has expired or was sent', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const goneEvent = randomUUID();
    await enqueueInitializationEmail(
      queue,
      goneEvent,
      { userId: randomUUID(), codeId: randomUUID() },
      config.worker,
    );
    const codeless = randomUUID();
    await enqueueInitializationEmail(
      queue,
      codeless,
      { userId: await addUser('codeless@example.com', 'en'), codeId: randomUUID() },
      config.worker,
    );
    const expired = await queueEmail(await addUser('late@example.com', 'en'), randomUUID(), -1);

    expect((await finished(initializationEmailJobId(goneEvent))).returnvalue).to.deep.equal({
      sent: false,
      reason: 'user-removed',
    });
    const sent = await queueEmail(await addUser('sent@example.com', 'en'));
    await finished(sent.jobId);
    expect(inbox.messages).to.have.length(1);
    // A job run again after its worker died, with the email already accepted: nothing more.
    await (await queue.getJob(sent.jobId))!.remove();
    const again = await enqueueInitializationEmail(queue, sent.eventId, sent.data, config.worker);
    expect(again).to.equal(true);
    expect((await finished(sent.jobId)).returnvalue).to.deep.equal({
      sent: false,
      reason: 'already-sent',
    });
    inbox.messages.splice(0, inbox.messages.length);
    expect((await finished(initializationEmailJobId(codeless))).returnvalue).to.deep.equal({
      sent: false,
      reason: 'code-missing',
    });
    expect((await finished(expired.jobId)).returnvalue).to.deep.equal({
      sent: false,
      reason: 'code-expired',
    });
    expect(inbox.messages).to.have.length(0);
  });

  it('reports completed and failed jobs in the queue health', async () => {
    inbox = await new SmtpSink({ refuses: [BOUNCING] }).start();
    start(inbox.port);
    const delivered = await queueEmail(await addUser('ok@example.com', 'en'));
    const refused = await queueEmail(await addUser(BOUNCING, 'en'));
    await finished(delivered.jobId);
    await finished(refused.jobId);

    expect(await queueHealth(queue)).to.deep.equal({
      waiting: 0,
      active: 0,
      delayed: 0,
      failed: 1,
      completed: 1,
    });
  });
});
