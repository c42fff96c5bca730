import { expect } from 'chai';
import { pollUntil } from '../support/poll.js';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { UserCode } from '../../shared/db/entities/index.js';
import {
  connectEmailRedis,
  createEmailQueue,
} from '../../services/worker/email/bullmq-email-jobs.js';
import { userReadCaughtUp } from '../support/read-model-expectations.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';
import { startWorkerProcess } from '../support/worker-process.js';

describe('the worker killed with SIGKILL part-way through 500 imports', function () {
  this.timeout(240_000);
  let smtp: SmtpSink;
  let service: TestService;
  let worker: ChildProcess | undefined;

  /** The code, when it checks against the user's stored initialization code hash. */
  async function storedCodeMatching(userId: string, code: string): Promise<string[]> {
    const codes = await service.dataSource.getRepository(UserCode).findBy({ userId });
    const hash = createHash('sha256').update(code).digest();
    return codes.some((stored) => stored.codeHash.equals(hash)) ? [code] : [];
  }

  /** How often BullMQ found the job stalled: its worker died while it was active. */
  async function stalledCounter(jobId: string): Promise<number> {
    const connection = connectEmailRedis(service.config);
    const queue = createEmailQueue(service.config.worker, connection);
    try {
      return (await queue.getJob(jobId))?.stalledCounter ?? 0;
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }

  before(async () => {
    smtp = await new SmtpSink().start();
    service = await TestService.start({ SMTP_URL: smtp.url });
    await service.startRelay();
  });
  after(async () => {
    worker?.kill('SIGKILL');
    await service.close();
    await smtp.stop();
  });

  it('leaves every read model matching the write side, and every due email sent once, or twice as the same email when in flight at the kill', async () => {
    const owner = await buildOwner(service);
    worker = startWorkerProcess(service.config, smtp.url);
    const due = (index: number) => index % 3 !== 0;
    const userIds: string[] = [];
    let next = 0;
    let killed = false;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (next < 500) {
          const index = next++;
          const response = await service.importUser(
            {
              userName: `crash-${index}`,
              profile: { firstName: 'Crash', lastName: `${index}` },
              email: { email: `crash-${index}@example.com`, isEmailVerified: !due(index) },
              ...(due(index) ? {} : { password: 'Sup3r-secret!' }),
            },
            { token: owner.token },
          );
          expect(response.status).to.equal(200);
          userIds[index] = response.body.userId;
          // The moment is the API's, not the SMTP server's: a kill timed by an email's arrival
          // would land, every time, between the server accepting it and the job completing.
          if (!killed && userIds.filter(Boolean).length >= 150 && smtp.received.length > 0) {
            killed = true;
            worker!.kill('SIGKILL');
          }
        }
      }),
    );
    expect(killed, 'the worker was killed while imports ran').to.equal(true);
    worker = startWorkerProcess(service.config, smtp.url);

    for (const userId of [...userIds]) {
      await userReadCaughtUp(service.dataSource, userId, 120_000);
    }
    const dueAddresses = userIds
      .map((_, index) => index)
      .filter(due)
      .map((index) => `crash-${index}@example.com`);
    await pollUntil(
      async () => dueAddresses.filter((address) => smtp.to(address).length === 0),
      (waiting) => waiting.length === 0,
      120_000,
    );
    // Give a duplicate, if the crash were to cause one, time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const counts = userIds.map((_, index) => smtp.to(`crash-${index}@example.com`).length);
    expect(
      counts.filter((count, index) => due(index) && count === 0),
      'due users never mailed',
    ).to.deep.equal([]);
    expect(
      counts.filter((count, index) => !due(index) && count !== 0),
      'users mailed without cause',
    ).to.deep.equal([]);
    // Exactly once, but for what SMTP itself cannot settle: an email the server accepted in the
    // instant before the killed worker could record it. Only a job that was in flight when the
    // worker died (BullMQ found it stalled) may have been sent twice, and never more.
    const twice = userIds.filter((_, index) => counts[index]! > 1);
    expect(
      counts.filter((count) => count > 2),
      'emails sent three times or more',
    ).to.deep.equal([]);
    for (const userId of twice) {
      const [added] = await service.events(userId);
      const stalled = await stalledCounter(`init-email-${added!.id}`);
      expect(
        stalled,
        `the job of ${userId}, mailed twice, was in flight at the kill`,
      ).to.be.greaterThan(0);
    }
    // A second copy is the same email: the same Message-ID and the same link, which works.
    for (const [index, userId] of userIds.entries()) {
      if (!due(index)) continue;
      const mails = smtp.to(`crash-${index}@example.com`);
      const messageIds = new Set(mails.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]));
      const links = new Set(
        mails.map((mail) => /init\?userID=[^\s"&]+&code=([\w-]+)/.exec(mail.raw)?.[1]),
      );
      expect(messageIds.size, `one Message-ID for ${userId}`).to.equal(1);
      expect([...links], `one working code for ${userId}`).to.deep.equal([
        ...(await storedCodeMatching(userId, [...links][0]!)),
      ]);
    }
    const exactlyOnce = counts.filter((count, index) => due(index) && count === 1).length;
    console.log(
      `      (${exactlyOnce} due emails sent once, ${twice.length} in flight at the kill sent again)`,
    );
  });
});
