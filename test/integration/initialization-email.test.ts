import { expect } from 'chai';
import { pollUntil } from '../support/poll.js';
import { createHash } from 'node:crypto';
import { UserCode } from '../../shared/db/entities/index.js';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import type { RunningWorker } from '../../services/worker/worker.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { buildOwner } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

/** The code in an email's link, and the link's user. */
function linkIn(mail: ReceivedMail): { userId: string; code: string } {
  const match =
    /http:\/\/id\.test\/ui\/login\/init\?userID=([0-9a-f-]+)&code=([A-Za-z0-9_-]+)/.exec(mail.raw);
  expect(match, 'a link to /ui/login/init').to.not.equal(null);
  return { userId: match![1]!, code: match![2]! };
}

function waitForMail(smtp: SmtpSink, address: string): Promise<ReceivedMail[]> {
  return pollUntil(
    async () => smtp.to(address),
    (mails) => mails.length > 0,
    30_000,
    50,
  );
}

let smtp: SmtpSink;

describeOnEachDatabase(
  'initialization emails',
  (service) => {
    let worker: RunningWorker;
    let owner: { orgId: string; token: string };
    const importUser = async (userName: string, fields: Record<string, unknown>) => {
      const response = await service.importUser(
        {
          userName,
          profile: { firstName: 'Ina', lastName: 'Init' },
          email: { email: `${userName}@example.com` },
          ...fields,
        },
        { token: owner.token },
      );
      expect(response.status).to.equal(200);
      return response.body.userId as string;
    };
    const initConsumer = () =>
      worker.consumers.find((consumer) => consumer.name === 'initialization-email')!;
    const addedEvent = async (userId: string) =>
      toCloudEvent((await service.events(userId))[0]!, 'urn:test');

    before(async () => {
      owner = await buildOwner(service);
      await service.startRelay();
      worker = await service.startWorker();
    });
    after(async () => {
      await smtp.stop();
    });

    it('sends one email to a user with an unverified email and no password, whose code checks against the stored hash', async () => {
      const userId = await importUser('unverified', {});
      const [mail, ...more] = await waitForMail(smtp, 'unverified@example.com');
      expect(more).to.have.length(0);
      expect(mail!.raw)
        .to.match(/Content-Type: text\/plain/i)
        .and.match(/Content-Type: text\/html/i);
      expect(mail!.raw).to.contain('Welcome');
      const link = linkIn(mail!);
      expect(link.userId).to.equal(userId);
      const codes = await service.dataSource
        .getRepository(UserCode)
        .findBy({ userId, kind: 'initialization' });
      expect(codes).to.have.length(1);
      expect(codes[0]!.codeHash.equals(createHash('sha256').update(link.code).digest())).to.equal(
        true,
      );
      const lifetime = codes[0]!.expiresAt.getTime() - codes[0]!.createdAt.getTime();
      expect(lifetime).to.be.within(72 * 3600_000 - 5000, 72 * 3600_000 + 5000);
      const added = (await service.events(userId)).filter(
        (event) => event.type === 'user.human.init.code.added',
      );
      expect(added.map((event) => event.payload)).to.deep.equal([
        { codeId: codes[0]!.id, expiration: codes[0]!.expiresAt.toISOString() },
      ]);
    });

    it('sends a user with a password and an unverified email the verification link instead', async () => {
      const userId = await importUser('haspassword', { password: 'Sup3r-secret!' });
      const [mail, ...more] = await waitForMail(smtp, 'haspassword@example.com');
      expect(more).to.have.length(0);
      expect(mail!.raw).to.match(
        new RegExp(`http://id\\.test/ui/login/email/verify\\?userID=${userId}&code=`),
      );
      expect(mail!.raw).to.not.contain('/ui/login/init?');
      const kinds = (await service.dataSource.getRepository(UserCode).findBy({ userId })).map(
        (code) => code.kind,
      );
      expect(kinds).to.deep.equal(['email_verification']);
    });

    it('sends one to a user with a verified email but no password', async () => {
      await importUser('nopassword', {
        email: { email: 'nopassword@example.com', isEmailVerified: true },
      });
      expect(await waitForMail(smtp, 'nopassword@example.com')).to.have.length(1);
    });

    it('writes in German for a German preferredLanguage, in English for one without a template', async () => {
      await importUser('deutsch', {
        profile: { firstName: 'Dora', lastName: 'D', preferredLanguage: 'de-CH' },
      });
      await importUser('francais', {
        profile: { firstName: 'Fran', lastName: 'F', preferredLanguage: 'fr' },
      });
      const [german] = await waitForMail(smtp, 'deutsch@example.com');
      const [english] = await waitForMail(smtp, 'francais@example.com');
      expect(german!.raw).to.contain('Willkommen');
      expect(german!.raw).to.not.contain('Welcome');
      expect(english!.raw).to.contain('Welcome');
    });

    it('sends none to a user with a verified email and a password', async () => {
      const userId = await importUser('complete', {
        email: { email: 'complete@example.com', isEmailVerified: true },
        password: 'Sup3r-secret!',
      });
      await initConsumer().perform(await addedEvent(userId));
      // A user imported after it is mailed; by then the first one's event was long handled.
      await importUser('later', {});
      await waitForMail(smtp, 'later@example.com');
      expect(smtp.to('complete@example.com')).to.have.length(0);
      expect(await service.count('user_codes', 'user_id = ?', [userId])).to.equal(0);
    });

    it('makes one code, one event and one email however often the event comes', async () => {
      const userId = await importUser('redelivered', {});
      const event = await addedEvent(userId);
      await Promise.all([initConsumer().perform(event), initConsumer().perform(event)]);
      await initConsumer().perform(event);
      const [mail] = await waitForMail(smtp, 'redelivered@example.com');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.to('redelivered@example.com')).to.have.length(1);
      const [code] = await service.dataSource.getRepository(UserCode).findBy({ userId });
      expect(
        code!.codeHash.equals(createHash('sha256').update(linkIn(mail!).code).digest()),
        'the mailed code works',
      ).to.equal(true);
      expect(await service.count('user_codes', 'user_id = ?', [userId])).to.equal(1);
      expect(
        await service.count('events', "aggregate_id = ? AND type = 'user.human.init.code.added'", [
          userId,
        ]),
      ).to.equal(1);
    });

    it('queues the email again when the worker stopped between storing the code and queueing', async () => {
      const userId = await importUser('interrupted', {});
      await waitForMail(smtp, 'interrupted@example.com');
      const [stored] = await service.dataSource.getRepository(UserCode).findBy({ userId });
      // As if the worker had stopped after storing the code and before queueing: no job, no email.
      const event = await addedEvent(userId);
      await (await worker.queue!.getJob(`init-email-${event.id}`))!.remove();
      await service.dataSource.query('UPDATE user_codes SET sent_at = NULL WHERE user_id = ?', [
        userId,
      ]);
      smtp.received.splice(0, smtp.received.length);
      await initConsumer().perform(event);
      const [mail] = await waitForMail(smtp, 'interrupted@example.com');
      const codes = await service.dataSource.getRepository(UserCode).findBy({ userId });
      expect(codes.map((code) => code.id)).to.deep.equal([stored!.id]);
      expect(
        codes[0]!.codeHash.equals(createHash('sha256').update(linkIn(mail!).code).digest()),
      ).to.equal(true);
      expect(
        await service.count('events', "aggregate_id = ? AND type = 'user.human.init.code.added'", [
          userId,
        ]),
      ).to.equal(1);
    });
  },
  // One sink per suite, started before its service, which sends to it.
  async () => {
    smtp = await new SmtpSink().start();
    return { SMTP_URL: smtp.url };
  },
);
