import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { createHumanUser } from '../../services/api/admin/users.js';
import { User } from '../../shared/db/entities/index.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { minimalImport } from '../support/requests.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { pollUntil } from '../support/poll.js';
import { publishedAsRecorded } from '../support/published-events.js';
import { pageError, SignInBrowser } from '../support/sign-in-flow.js';
import type { TestService } from '../support/test-service.js';

const OTP_SECRET = 'JBSWY3DPEHPK3PXP';
const PASSWORD = 'Right-passw0rd!';
const LOCK_SECONDS = 2;

/** The types and payloads of a user's events, oldest first. */
async function eventsOf(service: TestService, userId: string) {
  return (await service.events(userId)).map(({ type, payload }) => ({ type, payload }));
}

describeOnEachDatabase(
  'Sign-in factors: hash upgrade, TOTP and lockout',
  (service) => {
    let signIn: (userName: string, password: string) => ReturnType<SignInBrowser['signIn']>;
    let orgId: string;
    let client: Awaited<ReturnType<typeof relyingParty>>;

    before(async () => {
      orgId = (await buildOrg(service)).orgId;
      client = await relyingParty(service);
      signIn = async (userName, password) =>
        new SignInBrowser(service.config.publicUrl).signIn(
          (await authorization(client)).url,
          userName,
          password,
        );
    });

    async function importUser(
      body: Record<string, unknown>,
    ): Promise<{ userName: string; userId: string }> {
      const userName = `factors-${Math.random().toString(36).slice(2)}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        ...body,
      });
      return { userName, userId };
    }

    it('replaces an imported bcrypt hash with argon2id at the first sign-in, and signs in again', async () => {
      const bcrypt = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;
      const { userName, userId } = await importUser({ hashedPassword: { value: bcrypt.encoded } });
      expect((await signIn(userName, bcrypt.password)).url).to.match(/callback\?code=/);
      const stored = await service.dataSource.getRepository(User).findOneByOrFail({ id: userId });
      expect(stored.passwordHash).to.match(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect((await signIn(userName, bcrypt.password)).url).to.match(/callback\?code=/);
      const events = await eventsOf(service, userId);
      expect(
        events.filter((event) => event.type === 'user.human.password.hash.upgraded'),
      ).to.deep.equal([{ type: 'user.human.password.hash.upgraded', payload: { from: 'bcrypt' } }]);
      const signedIn = events.filter((event) => event.type === 'user.human.signin.succeeded');
      expect(signedIn).to.have.length(2);
      expect(JSON.stringify(events)).not.to.contain(bcrypt.password);
    });

    it('publishes the sign-in events on Kafka as recorded, each valid against its schema', async () => {
      await service.startRelay();
      const reader = await service.readTopics();
      try {
        const bcrypt = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;
        const { userName, userId } = await importUser({
          hashedPassword: { value: bcrypt.encoded },
        });
        expect(pageError(await signIn(userName, 'wrong'))).to.be.a('string');
        // The failure is recorded after its answer.
        await pollUntil(
          () => eventsOf(service, userId),
          (events) => events.some((event) => event.type === 'user.human.signin.failed'),
          10_000,
        );
        expect((await signIn(userName, bcrypt.password)).url).to.match(/callback\?code=/);
        const events = await publishedAsRecorded(service, reader, userId, service.topics.user);
        expect(events.map((event) => event.type)).to.include.members([
          'user.human.signin.failed',
          'user.human.password.hash.upgraded',
          'user.human.signin.succeeded',
        ]);
        expect(JSON.stringify(events)).not.to.contain(bcrypt.encoded.slice(7));
      } finally {
        await reader.stop();
      }
    });

    it('asks an imported OTP secret for its code, refusing a wrong one and a replayed one', async () => {
      const { userName, userId } = await importUser({ password: PASSWORD, otpCode: OTP_SECRET });
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OTP_SECRET) });
      const browser = new SignInBrowser(service.config.publicUrl);
      const asked = await browser.signIn((await authorization(client)).url, userName, PASSWORD);
      expect(asked.html).to.contain('name="code"');
      const code = totp.generate();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refused = await browser.submit(asked, { code: wrong });
      expect(pageError(refused)).to.equal('That code is not valid.');
      expect((await browser.submit(refused, { code })).url).to.match(/callback\?code=/);

      const second = new SignInBrowser(service.config.publicUrl);
      const again = await second.signIn((await authorization(client)).url, userName, PASSWORD);
      const replayed = await second.submit(again, { code });
      expect(pageError(replayed)).to.equal('That code is not valid.');
      const reasons = (await eventsOf(service, userId))
        .filter((event) => event.type === 'user.human.signin.failed')
        .map((event) => (event.payload as { reason: string }).reason);
      expect(reasons).to.deep.equal(['wrong-otp', 'otp-replayed']);
      const succeeded = (await eventsOf(service, userId)).find(
        (event) => event.type === 'user.human.signin.succeeded',
      );
      expect(succeeded?.payload).to.deep.include({ methods: ['password', 'totp'] });
    });

    it('locks a user after the configured failures until the lock ends', async () => {
      const { userName, userId } = await importUser({ password: PASSWORD });
      // Each failure answers as an unknown name would; the third locks, once recorded.
      for (let attempt = 1; attempt <= 3; attempt++)
        expect(pageError(await signIn(userName, 'wrong'))).to.equal(
          'Unknown user name or wrong password.',
        );
      await pollUntil(
        () => eventsOf(service, userId),
        (events) => events.some((event) => event.type === 'user.human.locked'),
        10_000,
      );
      expect(
        pageError(await signIn(userName, PASSWORD)),
        'the right password while locked',
      ).to.match(/^Too many failed attempts\. Signing in is locked until /);
      await new Promise((resolve) => setTimeout(resolve, LOCK_SECONDS * 1000 + 200));
      expect((await signIn(userName, PASSWORD)).url).to.match(/callback\?code=/);
      const types = (await eventsOf(service, userId)).map((event) => event.type);
      expect(types.filter((type) => type === 'user.human.locked')).to.have.length(1);
      expect(types.filter((type) => type === 'user.human.signin.failed')).to.have.length(4);
    });
  },
  async () => ({
    ...(await publicUrlEnv()),
    SIGN_IN_MAX_FAILURES: '3',
    SIGN_IN_LOCK_SECONDS: String(LOCK_SECONDS),
  }),
);
