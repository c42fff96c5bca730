import { expect } from 'chai';
import { User, UserCode } from '../../shared/db/entities/index.js';
import {
  redeemInitializationCode,
  resendInitialization,
} from '../../services/api/accounts/activation.js';
import { changePassword } from '../../services/api/accounts/passwords.js';
import { recordSignIn } from '../../services/api/accounts/sign-in-records.js';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { userAsRead, userAsWritten } from '../support/read-model-expectations.js';
import { buildInitializationCode, buildUser } from '../support/factories.js';
import type { TestService } from '../support/test-service.js';

const BCRYPT = '$2y$05$2BKAacfQX64KWWA9sJ16IeV8JVWBuRI0ToNdVnOMHx7zHtNfw7guW';
const ARGON2ID =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo';

/** The events recorded after the first `skip` of the user's, as type and payload. */
async function eventsAfter(service: TestService, userId: string, skip: number) {
  return (await service.events(userId))
    .slice(skip)
    .map(({ type, payload }) => ({ type, payload }) as { type: string; payload: unknown });
}

const userRow = (service: TestService, userId: string) =>
  service.dataSource.getRepository(User).findOneByOrFail({ id: userId });

/** The row's details follow its last event: version, sequence (its position) and change date. */
async function expectDetailsOfLastEvent(service: TestService, userId: string) {
  const events = await service.events(userId);
  const user = await userRow(service, userId);
  expect(user.version).to.equal(events.length);
  expect(user.sequence).to.equal(events.at(-1)!.position);
}

describeOnEachDatabase('sign-in writes', (service) => {
  describe('recordSignIn', () => {
    it('records a success, stores the upgraded hash and the TOTP step, and names only the old format', async () => {
      const { userId } = await buildUser(service, { hashedPassword: { value: BCRYPT } });
      const before = (await service.events(userId)).length;
      const answer = await recordSignIn(service.dataSource, userId, {
        succeeded: true,
        clientId: 'web',
        methods: ['password', 'totp'],
        upgradedHash: { hash: ARGON2ID, from: 'bcrypt' },
        otpStep: 58_000_001,
      });
      expect(answer).to.equal('recorded');
      const user = await userRow(service, userId);
      expect(user).to.include({ passwordHash: ARGON2ID, otpLastStep: 58_000_001 });
      expect(await eventsAfter(service, userId, before)).to.deep.equal([
        {
          type: 'user.human.signin.succeeded',
          payload: { clientId: 'web', methods: ['password', 'totp'] },
        },
        { type: 'user.human.password.hash.upgraded', payload: { from: 'bcrypt' } },
      ]);
      await expectDetailsOfLastEvent(service, userId);
    });

    it('refuses a TOTP step not after the stored one as a replay, and records it so', async () => {
      const { userId } = await buildUser(service, { hashedPassword: { value: BCRYPT } });
      const success = { succeeded: true as const, clientId: 'web', methods: ['password', 'totp'] };
      await recordSignIn(service.dataSource, userId, { ...success, otpStep: 7 });
      const before = (await service.events(userId)).length;
      const replayed = await recordSignIn(service.dataSource, userId, {
        ...success,
        otpStep: 7,
        upgradedHash: { hash: ARGON2ID, from: 'bcrypt' },
      });
      expect(replayed).to.equal('otp-replayed');
      expect(await userRow(service, userId)).to.include({ passwordHash: BCRYPT, otpLastStep: 7 });
      expect(await eventsAfter(service, userId, before)).to.deep.equal([
        { type: 'user.human.signin.failed', payload: { clientId: 'web', reason: 'otp-replayed' } },
      ]);
      expect(await recordSignIn(service.dataSource, userId, { ...success, otpStep: 8 })).to.equal(
        'recorded',
      );
    });

    it('records a failure with its reason, and the lock when this failure locked the user', async () => {
      const { userId } = await buildUser(service);
      const before = (await service.events(userId)).length;
      const until = new Date('2030-01-02T03:04:05.678Z');
      await recordSignIn(service.dataSource, userId, {
        succeeded: false,
        clientId: null,
        reason: 'wrong-password',
      });
      await recordSignIn(service.dataSource, userId, {
        succeeded: false,
        clientId: 'web',
        reason: 'wrong-otp',
        lockedUntil: until,
      });
      expect(await eventsAfter(service, userId, before)).to.deep.equal([
        { type: 'user.human.signin.failed', payload: { clientId: null, reason: 'wrong-password' } },
        { type: 'user.human.signin.failed', payload: { clientId: 'web', reason: 'wrong-otp' } },
        { type: 'user.human.locked', payload: { until: '2030-01-02T03:04:05.678Z' } },
      ]);
      await expectDetailsOfLastEvent(service, userId);
    });

    it('rejects an unknown user', async () => {
      const failure = await recordSignIn(service.dataSource, 'no-such-user', {
        succeeded: false,
        clientId: null,
        reason: 'locked',
      }).catch((error: Error) => error);
      expect(failure).to.be.instanceOf(Error);
    });
  });

  it('changePassword stores the hash, clears the required change and records it', async () => {
    const { userId } = await buildUser(service, {
      hashedPassword: { value: BCRYPT },
      passwordChangeRequired: true,
    });
    const before = (await service.events(userId)).length;
    await changePassword(service.dataSource, userId, ARGON2ID, 'sign-in');
    expect(await userRow(service, userId)).to.include({
      passwordHash: ARGON2ID,
      passwordChangeRequired: false,
    });
    expect(await eventsAfter(service, userId, before)).to.deep.equal([
      { type: 'user.human.password.changed', payload: { changeRequired: false, by: 'sign-in' } },
    ]);
    await expectDetailsOfLastEvent(service, userId);
  });

  describe('redeemInitializationCode', () => {
    it('sets the password, verifies the email, uses up every open code, once', async () => {
      const { userId, email } = await buildUser(service);
      const older = await buildInitializationCode(service, userId);
      const { codeId, code } = await buildInitializationCode(service, userId);
      const before = (await service.events(userId)).length;
      const redeem = (input: { codeId: string; code: string }) =>
        redeemInitializationCode(service.dataSource, { userId, ...input }, ARGON2ID);

      expect(await redeem({ codeId, code: older.code })).to.equal('invalid');
      expect(await redeem({ codeId, code: `${code}x` })).to.equal('invalid');
      expect(await eventsAfter(service, userId, before)).to.deep.equal([]);
      expect(await redeem({ codeId, code })).to.equal('redeemed');
      expect(await userRow(service, userId)).to.include({
        passwordHash: ARGON2ID,
        emailVerified: true,
        passwordChangeRequired: false,
      });
      const codes = await service.dataSource.getRepository(UserCode).findBy({ userId });
      expect(codes.map((stored) => stored.usedAt)).to.not.include(null);
      expect(await eventsAfter(service, userId, before)).to.deep.equal([
        { type: 'user.human.init.code.verified', payload: { codeId } },
        {
          type: 'user.human.password.changed',
          payload: { changeRequired: false, by: 'activation' },
        },
        { type: 'user.human.email.verified', payload: { email } },
      ]);
      await expectDetailsOfLastEvent(service, userId);

      const after = (await service.events(userId)).length;
      expect(await redeem({ codeId, code })).to.equal('used');
      expect(await redeem(older)).to.equal('used');
      expect((await service.events(userId)).length).to.equal(after);
    });

    it('refuses an expired code, another user’s and an unknown user, changing nothing', async () => {
      const { userId } = await buildUser(service);
      const other = await buildUser(service);
      const expired = await buildInitializationCode(service, userId, {
        expiresAt: new Date(Date.now() - 1000),
      });
      const others = await buildInitializationCode(service, other.userId);
      const redeem = (id: string, input: { codeId: string; code: string }) =>
        redeemInitializationCode(service.dataSource, { userId: id, ...input }, ARGON2ID);
      expect(await redeem(userId, expired)).to.equal('expired');
      expect(await redeem(userId, others)).to.equal('invalid');
      expect(await redeem('no-such-user', others)).to.equal('invalid');
      expect(await userRow(service, userId)).to.include({
        passwordHash: null,
        emailVerified: false,
      });
    });

    it('records no email verification for an email verified already', async () => {
      const { userId } = await buildUser(service, {
        email: { email: 'verified@example.com', isEmailVerified: true },
      });
      const code = await buildInitializationCode(service, userId);
      const before = (await service.events(userId)).length;
      expect(
        await redeemInitializationCode(service.dataSource, { userId, ...code }, ARGON2ID),
      ).to.equal('redeemed');
      expect((await eventsAfter(service, userId, before)).map((event) => event.type)).to.deep.equal(
        ['user.human.init.code.verified', 'user.human.password.changed'],
      );
    });
  });

  it('resendInitialization records the request only while an initialization is due', async () => {
    const due = await buildUser(service);
    const done = await buildUser(service, {
      email: { email: 'done@example.com', isEmailVerified: true },
      password: 'Sup3r-secret!',
    });
    const before = (await service.events(due.userId)).length;
    expect(await resendInitialization(service.dataSource, due.userId, 'user')).to.equal(
      'requested',
    );
    expect(await resendInitialization(service.dataSource, done.userId, 'admin')).to.equal(
      'not-due',
    );
    expect(await resendInitialization(service.dataSource, 'no-such-user', 'admin')).to.equal(
      'unknown',
    );
    expect(await eventsAfter(service, due.userId, before)).to.deep.equal([
      { type: 'user.human.init.code.requested', payload: { by: 'user' } },
    ]);
    expect((await service.events(done.userId)).map((event) => event.type)).to.not.include(
      'user.human.init.code.requested',
    );
  });

  it('reduce into the read model as the write side has it', async () => {
    const { userId } = await buildUser(service, {
      hashedPassword: { value: BCRYPT },
      passwordChangeRequired: true,
    });
    await recordSignIn(service.dataSource, userId, {
      succeeded: false,
      clientId: 'web',
      reason: 'wrong-password',
      lockedUntil: new Date(Date.now() + 900_000),
    });
    await recordSignIn(service.dataSource, userId, {
      succeeded: true,
      clientId: 'web',
      methods: ['password'],
      upgradedHash: { hash: ARGON2ID, from: 'bcrypt' },
    });
    await resendInitialization(service.dataSource, userId, 'user');
    await changePassword(service.dataSource, userId, ARGON2ID, 'sign-in');
    const code = await buildInitializationCode(service, userId);
    await redeemInitializationCode(service.dataSource, { userId, ...code }, ARGON2ID);
    const consumer = new UserReadModelConsumer(service.dataSource);
    const events = (await service.events(userId)).map((event) => toCloudEvent(event, 'urn:test'));
    for (const event of events) await consumer.perform(event);
    const read = await userAsRead(service.dataSource, userId);
    expect(read).to.include({
      hasPassword: true,
      passwordChangeRequired: false,
      emailVerified: true,
      sequence: events.at(-1)!.sequence,
    });
    expect(read).to.deep.equal(await userAsWritten(service.dataSource, userId));
  });
});
