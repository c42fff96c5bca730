import { expect } from 'chai';
import { administeredPeople } from '../support/administered-people.js';
import { describeDelivering, describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { followLink, verificationLink, VERIFY_LINK } from '../support/email-links.js';
import { pollUntil } from '../support/poll.js';
import { publicUrlEnv, REDIRECT_URI } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';
import { userinfoOf } from '../support/userinfo.js';

const PASSWORD = 'Account-keeper-1!';
const NEW_PASSWORD = 'Account-keeper-2?';
describeOnEachDatabase(
  'A person’s own account: password and email (UpdateMyPassword, SetMyEmail and the rest)',
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const { person } = people;
    const me = async (userId: string, method: string, path: string, body?: unknown) =>
      service.call(method, `/auth/v1/users/me${path}`, {
        token: await service.token(userId),
        body,
      });
    const row = async (userId: string) =>
      (await service.dataSource.query('SELECT * FROM users WHERE id = ?', [userId]))[0];
    const events = (userId: string) => service.events(userId);
    const types = async (userId: string) => (await events(userId)).map((event) => event.type);
    const userinfo = (userName: string, userId: string, password = PASSWORD) =>
      userinfoOf(service, people.client, { userName, userId, password });
    const signsIn = async (userName: string, password: string) =>
      (await people.signIn(userName, password)).url.startsWith(REDIRECT_URI);

    it('GetMyPasswordComplexityPolicy answers the configured policy, ZITADEL’s shape', async () => {
      const { userId } = await person();
      const answer = await service.call('GET', '/auth/v1/policies/passwords/complexity', {
        token: await service.token(userId),
      });
      expect(answer.status, answer.text).to.equal(200);
      // The default policy (PASSWORD_MIN_LENGTH 8, every kind of character required).
      expect(answer.body.policy).to.deep.equal({
        minLength: '8',
        hasUppercase: true,
        hasLowercase: true,
        hasNumber: true,
        hasSymbol: true,
        isDefault: true,
      });
    });

    it('UpdateMyPassword: a wrong current password is refused and counted, a weak new one refused; then the old one signs in no more and the new one does', async () => {
      const { userId, userName } = await person();
      const wrong = await me(userId, 'PUT', '/password', {
        oldPassword: 'not-the-password',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status, wrong.text).to.equal(400);
      expect(wrong.body.details.at(-1).id).to.equal('USER-PASSWORD-INVALID');
      expect(wrong.text).to.not.contain('not-the-password');
      const failed = (await events(userId)).at(-1)!;
      expect(failed.type).to.equal('user.human.signin.failed');
      expect(failed.payload).to.deep.include({ reason: 'wrong-password', clientId: null });

      const weak = await me(userId, 'PUT', '/password', {
        oldPassword: PASSWORD,
        newPassword: 'weak',
      });
      expect(weak.status, weak.text).to.equal(400);
      expect(weak.body.details[0].fieldViolations[0].field).to.equal('newPassword');
      expect(weak.text).to.not.contain(PASSWORD);

      const changed = await me(userId, 'PUT', '/password', {
        oldPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(changed.status, changed.text).to.equal(200);
      expect(changed.body.details.resourceOwner).to.equal(people.owner.orgId);
      const recorded = (await events(userId)).at(-1)!;
      expect(recorded.type).to.equal('user.human.password.changed');
      expect(recorded.payload).to.deep.equal({ changeRequired: false, by: 'self-service' });
      expect(JSON.stringify(await events(userId))).to.not.contain(NEW_PASSWORD);
      expect(service.logs.text).to.contain('UpdateMyPassword');
      for (const secret of [PASSWORD, NEW_PASSWORD, 'not-the-password'])
        expect(service.logs.text).to.not.contain(secret);
      expect(await signsIn(userName, PASSWORD)).to.equal(false);
      expect(await signsIn(userName, NEW_PASSWORD)).to.equal(true);
    });

    it('UpdateMyPassword: wrong current passwords lock the user name as failed sign-ins do', async () => {
      const { userId, userName } = await person();
      const { maxFailures } = service.config.signIn;
      const attempt = (oldPassword: string) =>
        me(userId, 'PUT', '/password', { oldPassword, newPassword: NEW_PASSWORD });
      for (let i = 0; i < maxFailures; i++) {
        const wrong = await attempt(`wrong-${i}`);
        expect(wrong.body.details.at(-1).id).to.equal('USER-PASSWORD-INVALID');
      }
      expect((await types(userId)).at(-1)).to.equal('user.human.locked');
      const locked = await attempt(PASSWORD);
      expect(locked.status, locked.text).to.equal(400);
      expect(locked.body.details.at(-1).id).to.equal('USER-PASSWORD-ATTEMPTS-LOCKED');
      expect(await signsIn(userName, PASSWORD)).to.equal(false);
      // UnlockUser lifts the lock the failed checks set.
      const unlocked = await people.manage('POST', `/${userId}/_unlock`);
      expect(unlocked.status, unlocked.text).to.equal(200);
      expect((await attempt(PASSWORD)).status).to.equal(200);
    });

    it('SetMyEmail: the new address waits until its link is followed; userinfo keeps the old one until then', async () => {
      const { userId, userName } = await person();
      const old = `${userName}@example.com`;
      const address = `${userId.slice(-8)}@moved.example`;
      const before = await userinfo(userName, userId);
      expect(before).to.include({ email: old, email_verified: true });

      // GetMyEmail's ETag is what SetMyEmail's If-Match takes; a stale one changes nothing.
      const etag = (await me(userId, 'GET', '/email')).headers.get('etag')!;
      const stale = await service.call('PUT', '/auth/v1/users/me/email', {
        token: await service.token(userId),
        body: { email: address },
        headers: { 'if-match': '"1"' },
      });
      expect(stale.status, stale.text).to.equal(412);
      const set = await service.call('PUT', '/auth/v1/users/me/email', {
        token: await service.token(userId),
        body: { email: address },
        headers: { 'if-match': etag },
      });
      expect(set.status, set.text).to.equal(200);
      const shown = await me(userId, 'GET', '/email');
      expect(shown.status, shown.text).to.equal(200);
      expect(shown.body).to.deep.include({
        email: { email: old, isEmailVerified: true },
        pendingEmail: address,
      });
      expect(await row(userId)).to.include({ email: old, pending_email: address });
      // The worker may have added the code already: the request is the last but one then.
      const requested = (await events(userId)).findLast(
        (event) => event.type === 'user.human.email.code.requested',
      )!;
      expect(requested.payload).to.deep.equal({ by: 'user', email: address });

      const link = await verificationLink(service, address);
      const code = new URL(link).searchParams.get('code')!;
      expect(JSON.stringify(await events(userId))).to.not.contain(code);
      expect(await userinfo(userName, userId)).to.include({ email: old, email_verified: true });
      // The old address still signs in to the pages and is the user's.
      expect((await me(userId, 'GET', '/email')).body.pendingEmail).to.equal(address);

      const wrongCode = await me(userId, 'POST', '/email/_verify', { code: `${code}x` });
      expect(wrongCode.status).to.equal(400);
      expect(wrongCode.body.details.at(-1).id).to.equal('USER-EMAIL-CODE-INVALID');
      expect(wrongCode.text).to.not.contain(code);

      expect(await followLink(service, link)).to.equal('verified');
      expect((await types(userId)).slice(-2)).to.deep.equal([
        'user.human.email.changed',
        'user.human.email.verified',
      ]);
      const after = await me(userId, 'GET', '/email');
      expect(after.body.email).to.deep.equal({ email: address, isEmailVerified: true });
      expect(after.body).to.not.have.property('pendingEmail');
      expect(await userinfo(userName, userId)).to.include({ email: address, email_verified: true });
      const used = await me(userId, 'POST', '/email/_verify', { code });
      expect(used.body.details.at(-1).id).to.equal('USER-EMAIL-CODE-INVALID');
      // The worker's and the page's log lines name the code's id, never the code.
      expect(service.logs.text).to.contain('email address verified');
      expect(service.logs.text).to.not.contain(code);
    });

    it('SetMyEmail again: only the last address asked for can be verified; ResendMyEmailVerification sends its link again; VerifyMyEmail takes the code', async () => {
      const { userId } = await person();
      const first = `${userId.slice(-8)}@first.example`;
      const second = `${userId.slice(-8)}@second.example`;
      const nothing = await me(userId, 'POST', '/email/_resend_verification', {});
      expect(nothing.status, nothing.text).to.equal(400);
      expect(nothing.body.details.at(-1).id).to.equal('USER-EMAIL-ALREADY-VERIFIED');

      expect((await me(userId, 'PUT', '/email', { email: first })).status).to.equal(200);
      const firstLink = await verificationLink(service, first);
      expect((await me(userId, 'PUT', '/email', { email: second })).status).to.equal(200);
      expect(await followLink(service, firstLink)).to.equal('opened: 400');
      expect((await row(userId)).pending_email).to.equal(second);

      const resent = await me(userId, 'POST', '/email/_resend_verification', {});
      expect(resent.status, resent.text).to.equal(200);
      const secondLink = await verificationLink(service, second, 2);
      const code = new URL(secondLink).searchParams.get('code')!;
      const verified = await me(userId, 'POST', '/email/_verify', { code });
      expect(verified.status, verified.text).to.equal(200);
      expect(verified.body.details.sequence).to.equal(String((await row(userId)).sequence));
      expect(await row(userId)).to.include({ email: second, pending_email: null });
      expect(Boolean(Number((await row(userId)).email_verified))).to.equal(true);
    });

    it('an import with an unverified email is due its initialization email (the contract); an administrator’s unverified address gets the verification link; email_verified in userinfo follows the link', async () => {
      const userName = `imported-${Date.now()}`;
      const imported = await service.importUser(
        { ...minimalImport(userName), password: PASSWORD },
        { token: people.owner.token },
      );
      expect(imported.status, imported.text).to.equal(200);
      const { userId } = imported.body;
      const [added] = await events(userId);
      expect(added!.payload).to.include({ initializationRequired: true });
      expect(await userinfo(userName, userId)).to.include({ email_verified: false });

      const address = `${userName}@changed.example`;
      const changed = await service.call('PUT', `/management/v1/users/${userId}/email`, {
        token: people.owner.token,
        body: { email: address, isEmailVerified: false },
      });
      expect(changed.status, changed.text).to.equal(200);
      const link = await verificationLink(service, address);
      expect(await userinfo(userName, userId)).to.include({
        email: address,
        email_verified: false,
      });
      expect(await followLink(service, link)).to.equal('verified');
      expect(await userinfo(userName, userId)).to.include({ email: address, email_verified: true });
    });
  },
  publicUrlEnv,
);

describeDelivering(
  'SetMyEmail over real Kafka and SMTP',
  (service, smtp) => {
    it('mails the verification link to the new address, whose link makes it the email', async () => {
      const { token, orgId } = await buildOwner(service);
      const userName = `mover-${Date.now()}`;
      const imported = await service.importUser(
        {
          ...minimalImport(userName),
          email: { email: `${userName}@example.com`, isEmailVerified: true },
          password: PASSWORD,
        },
        { token, orgId },
      );
      expect(imported.status, imported.text).to.equal(200);
      const { userId } = imported.body;
      const address = `${userName}@moved.example`;
      const set = await service.call('PUT', '/auth/v1/users/me/email', {
        token: await service.token(userId),
        body: { email: address },
      });
      expect(set.status, set.text).to.equal(200);
      const [mail] = await pollUntil(
        async () => smtp().to(address),
        (received) => received.length > 0,
      );
      expect(smtp().to(`${userName}@example.com`)).to.have.length(0);
      const link = VERIFY_LINK.exec(mail!.raw)?.[0];
      expect(link, mail!.raw).to.be.a('string');
      expect(await followLink(service, link!)).to.equal('verified');
      const [row] = await service.dataSource.query(
        'SELECT email, pending_email FROM users WHERE id = ?',
        [userId],
      );
      expect(row).to.deep.equal({ email: address, pending_email: null });
    });
  },
  publicUrlEnv,
);
