import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import type { Browser } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import { User, UserIdpLink } from '../../shared/db/entities/index.js';
import {
  brokeredSuite,
  choose,
  errorOn,
  eventsOf,
  openSignIn,
  subjectAtClient,
  type BrokeredStage,
  type Journey,
} from '../support/brokered-flow.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg, buildUser } from '../support/factories.js';
import type { ImportHumanUserRequest } from '../../services/api/operations/import-human-user/import-human-user.request.js';
import { publicUrlEnv } from '../support/relying-party.js';

const PASSWORD = 'Zoo-keeper-1!';
const OTP_SECRET = 'JBSWY3DPEHPK3PXP';

const unique = () => Math.random().toString(36).slice(2, 10);

/**
 * What a provider's identity with no link leads to (issue 43), in headless Chromium against a
 * second oidc-provider: JIT creation, creation with the form, linking an account by signing in
 * to it, the profile following the claims, auto-linking by a verified email (and by user name)
 * only once the person signed in to the account, none on an unverified or absent
 * `email_verified`; and the TOTP code of a linked user.
 */
describeOnEachDatabase(
  'sign-in through an identity provider: accounts made, linked and updated (Chromium)',
  (service) => {
    const suite = brokeredSuite(service);
    const { csp, offered } = suite;
    let browser: Browser;
    let stage: BrokeredStage;
    before(() => ({ browser, stage } = suite));

    /** A person of the organization with a password (and whatever `extra` adds). */
    async function person(extra: Partial<ImportHumanUserRequest> = {}) {
      const userName = `person-${unique()}`;
      const email = { email: `${userName}@example.com`, isEmailVerified: true };
      const { orgId } = stage.owner;
      return buildUser(service, { orgId, userName, email, password: PASSWORD, ...extra });
    }

    /** Signs in at the upstream as a new account with `claims`, through provider `name`. */
    async function through(name: string, claims: Record<string, unknown>): Promise<Journey> {
      stage.upstream.signInAs = stage.upstream.addAccount(claims);
      const journey = await openSignIn(browser, stage, service);
      csp.watch(journey.page);
      await choose(journey, name);
      return journey;
    }

    const linkOf = (idpId: string) =>
      service.dataSource
        .getRepository(UserIdpLink)
        .findOneBy({ configId: idpId, externalUserId: stage.upstream.signInAs! });
    const userById = (id: string) => service.dataSource.getRepository(User).findOneByOrFail({ id });
    const types = async (userId: string) =>
      (await eventsOf(service, userId)).map((event) => event.type);

    it('creates the person with the link (JIT), with the events of an import, and signs them in', async () => {
      const { idpId, name } = await offered({ isAutoCreation: true });
      const userName = `jit-${unique()}`;
      const journey = await through(name, {
        preferred_username: userName,
        given_name: 'Jit',
        family_name: 'Person',
        email: `${userName}@example.com`,
        email_verified: true,
      });
      const userId = await subjectAtClient(stage, journey);
      const made = await userById(userId);
      expect(made).to.deep.include({
        orgId: stage.owner.orgId,
        userName,
        firstName: 'Jit',
        lastName: 'Person',
        email: `${userName}@example.com`,
        emailVerified: true,
        passwordHash: null,
      });
      expect((await linkOf(idpId))?.userId).to.equal(userId);
      const events = await eventsOf(service, userId);
      expect(events.map((event) => event.type)).to.deep.equal([
        'user.human.added',
        'user.human.email.verified',
        'user.idp.link.added',
        'user.human.signin.succeeded',
      ]);
      expect(events[0]!.payload).to.deep.include({
        initializationRequired: true,
        sendInitializationEmail: false,
      });
      expect(events[2]!.payload).to.deep.equal({
        configId: idpId,
        externalUserId: stage.upstream.signInAs,
        displayName: userName,
      });
      // The next sign-in finds the link: the same person, nothing made.
      const again = await openSignIn(browser, stage, service);
      await choose(again, name);
      expect(await subjectAtClient(stage, again)).to.equal(userId);
      expect(await service.count('users', 'user_name = ?', [userName])).to.equal(1);
    });

    it('creates the person unverified when the provider does not assert email_verified', async () => {
      const { name } = await offered({ isAutoCreation: true });
      const userName = `jit-${unique()}`;
      const journey = await through(name, {
        preferred_username: userName,
        name: 'Ada Byron Lovelace',
        email: `${userName}@example.com`,
      });
      const made = await userById(await subjectAtClient(stage, journey));
      expect(made).to.deep.include({
        emailVerified: false,
        firstName: 'Ada Byron',
        lastName: 'Lovelace',
      });
      expect(await types(made.id)).not.to.include('user.human.email.verified');
    });

    it('reads the claims from the ID token (isIdTokenMapping), else from userinfo', async () => {
      for (const isIdTokenMapping of [true, false]) {
        const { name } = await offered({ isAutoCreation: true, isIdTokenMapping });
        const userName = `jit-${unique()}`;
        const journey = await through(name, {
          preferred_username: userName,
          given_name: 'Id',
          family_name: 'Token',
          email: `${userName}@example.com`,
          userinfo: { given_name: 'User', family_name: 'Info' },
        });
        const made = await userById(await subjectAtClient(stage, journey));
        const names = isIdTokenMapping ? ['Id', 'Token'] : ['User', 'Info'];
        expect([made.firstName, made.lastName], String(isIdTokenMapping)).to.deep.equal(names);
      }
    });

    it('creates an instance provider’s person in the organization of the client’s project', async () => {
      const elsewhere = await buildOrg(service);
      // Owned by the instance (added by an administrator of another organization).
      const { name } = await offered({
        orgId: elsewhere.orgId,
        ownerType: 'instance',
        isAutoCreation: true,
      });
      const userName = `jit-${unique()}`;
      const journey = await through(name, {
        preferred_username: userName,
        given_name: 'In',
        family_name: 'Stance',
        email: `${userName}@example.com`,
      });
      const made = await userById(await subjectAtClient(stage, journey));
      expect(made.orgId).to.equal(stage.owner.orgId);
    });

    it('creates the person with the form, prefilled from the claims, once submitted', async () => {
      const { idpId, name } = await offered({ isCreationAllowed: true });
      const taken = await person();
      const email = `form-${unique()}@example.com`;
      const journey = await through(name, {
        given_name: 'Form',
        family_name: 'Filler',
        email,
        email_verified: true,
      });
      const { page } = journey;
      await page.waitForSelector('#userName');
      expect(await page.textContent('h1')).to.equal('Create your account');
      expect(await page.inputValue('#userName')).to.equal(email);
      expect(await page.inputValue('#firstName')).to.equal('Form');
      expect(await page.inputValue('#lastName')).to.equal('Filler');
      expect(await page.inputValue('#email')).to.equal(email);
      expect(await linkOf(idpId)).to.equal(null);
      await page.fill('#userName', taken.userName);
      await page.click('button[type=submit]');
      expect(await errorOn(journey)).to.equal('This user name is taken.');
      const userName = `form-${unique()}`;
      await page.fill('#userName', userName);
      await page.fill('#lastName', 'Fuller');
      await page.click('button[type=submit]');
      const made = await userById(await subjectAtClient(stage, journey));
      expect(made).to.deep.include({ userName, lastName: 'Fuller', email, emailVerified: true });
      expect((await linkOf(idpId))?.userId).to.equal(made.id);
    });

    it('makes an address the person changed in the form unverified', async () => {
      const { name } = await offered({ isCreationAllowed: true });
      const journey = await through(name, {
        given_name: 'Form',
        family_name: 'Changer',
        email: `claimed-${unique()}@example.com`,
        email_verified: true,
      });
      await journey.page.waitForSelector('#userName');
      await journey.page.fill('#userName', `form-${unique()}`);
      await journey.page.fill('#email', `typed-${unique()}@example.com`);
      await journey.page.click('button[type=submit]');
      const made = await userById(await subjectAtClient(stage, journey));
      expect(made.emailVerified).to.equal(false);
    });

    it('links an existing account once the person signed in to it (user name, password)', async () => {
      const { idpId, name } = await offered({ isLinkingAllowed: true });
      const existing = await person();
      const journey = await through(name, { email: 'someone@example.com' });
      const { page } = journey;
      await page.waitForSelector('#notice');
      expect(await page.textContent('#notice')).to.equal(
        `Your identity at ${name} is not linked to an account here yet. Sign in to your account to link it.`,
      );
      expect(await page.locator('#providers').count()).to.equal(0);
      await page.fill('#userName', existing.userName);
      await page.click('button[type=submit]');
      await page.fill('#password', 'wrong');
      await page.click('button[type=submit]');
      expect(await errorOn(journey)).to.equal('Unknown user name or wrong password.');
      expect(await linkOf(idpId)).to.equal(null);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      expect(await subjectAtClient(stage, journey)).to.equal(existing.userId);
      expect((await linkOf(idpId))?.userId).to.equal(existing.userId);
      const events = await eventsOf(service, existing.userId);
      expect(events.slice(-2)).to.deep.equal([
        {
          type: 'user.idp.link.added',
          payload: {
            configId: idpId,
            externalUserId: stage.upstream.signInAs,
            displayName: 'someone@example.com',
          },
        },
        {
          type: 'user.human.signin.succeeded',
          payload: {
            clientId: stage.client.clientMetadata().client_id,
            methods: ['idp', 'password'],
            idpId,
          },
        },
      ]);
      expect(events.map((event) => event.type)).to.include('user.human.signin.failed');
    });

    it('links no account of another organization to an organization’s provider', async () => {
      const { idpId, name } = await offered({ isLinkingAllowed: true });
      const stranger = await buildOrg(service);
      const userName = `stranger-${unique()}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, stranger.orgId, {
        userName,
        profile: { firstName: 'Stran', lastName: 'Ger' },
        email: { email: `${userName}@example.com`, isEmailVerified: true },
        password: PASSWORD,
      });
      const journey = await through(name, {});
      await journey.page.fill('#userName', userName);
      await journey.page.click('button[type=submit]');
      await journey.page.fill('#password', PASSWORD);
      await journey.page.click('button[type=submit]');
      expect(await errorOn(journey)).to.equal(
        'That account cannot be linked to this identity provider.',
      );
      expect(await linkOf(idpId)).to.equal(null);
      expect(await types(userId)).not.to.include('user.human.signin.succeeded');
    });

    it('offers the choice between linking an account and making one when both are allowed', async () => {
      const { name } = await offered({ isLinkingAllowed: true, isCreationAllowed: true });
      const journey = await through(name, { email: 'chooser@example.com' });
      await journey.page.waitForSelector('text=Link an existing account');
      expect(await journey.page.textContent('h1')).to.equal('Account not linked yet');
      await journey.page.click('text=Create an account');
      await journey.page.waitForSelector('#firstName');
    });

    it('follows the claims at each sign-in (isAutoUpdate), recording only what changed', async () => {
      const { idpId, name } = await offered({ isAutoUpdate: true });
      const subject = stage.upstream.addAccount({});
      const existing = await person({ idps: [{ configId: idpId, externalUserId: subject }] });
      const newEmail = `new-${unique()}@example.com`;
      stage.upstream.accounts.set(subject, {
        given_name: 'Newly',
        family_name: 'Named',
        email: newEmail,
        email_verified: true,
      });
      const signIn = async () => {
        stage.upstream.signInAs = subject;
        const journey = await openSignIn(browser, stage, service);
        await choose(journey, name);
        expect(await subjectAtClient(stage, journey)).to.equal(existing.userId);
      };
      await signIn();
      expect(await userById(existing.userId)).to.deep.include({
        firstName: 'Newly',
        lastName: 'Named',
        displayName: 'Una User',
        email: newEmail,
        emailVerified: true,
      });
      const changes = (await eventsOf(service, existing.userId)).filter(
        (event) => event.type.startsWith('user.human.profile') || event.type.includes('.email.'),
      );
      expect(changes.map((event) => event.type)).to.deep.equal([
        'user.human.email.verified',
        'user.human.profile.changed',
        'user.human.email.changed',
        'user.human.email.verified',
      ]);
      await signIn();
      const after = await types(existing.userId);
      expect(after.filter((type) => type === 'user.human.profile.changed')).to.have.length(1);
      expect(after.filter((type) => type === 'user.human.email.changed')).to.have.length(1);
      // An unverified address from the provider makes ours unverified.
      stage.upstream.accounts.set(subject, { email: newEmail, email_verified: false });
      await signIn();
      expect((await userById(existing.userId)).emailVerified).to.equal(false);
    });

    it('links by a verified email only after the person signed in to that account', async () => {
      const { idpId, name } = await offered({ autoLinking: 'email' });
      const existing = await person();
      const journey = await through(name, { email: existing.email, email_verified: true });
      const { page } = journey;
      await page.waitForSelector('#password');
      expect(await page.textContent('#notice')).to.equal(
        `An account with this email exists: sign in to link it to ${name}.`,
      );
      expect(await page.textContent('.hint')).to.contain(existing.userName);
      expect(await linkOf(idpId), 'no link before the password').to.equal(null);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      expect(await subjectAtClient(stage, journey)).to.equal(existing.userId);
      expect((await linkOf(idpId))?.userId).to.equal(existing.userId);
    });

    it('offers no link by email when the provider does not assert it verified, or ours is not', async () => {
      const { idpId, name } = await offered({ autoLinking: 'email' });
      const existing = await person();
      const unverified = await person({
        email: { email: `unverified-${unique()}@example.com`, isEmailVerified: false },
      });
      for (const [what, claims] of [
        ['email_verified false', { email: existing.email, email_verified: false }],
        ['email_verified absent', { email: existing.email }],
        ['email_verified "true"', { email: existing.email, email_verified: 'true' }],
        ['our address unverified', { email: unverified.email, email_verified: true }],
      ] as const) {
        const journey = await through(name, claims);
        expect(await errorOn(journey), what).to.equal(
          'No account is linked to your identity at this provider. Ask an administrator of your organization.',
        );
        expect(await journey.page.locator('#password').count(), what).to.equal(0);
        expect(await linkOf(idpId), what).to.equal(null);
      }
    });

    it('links by user name only after the person signed in to that account', async () => {
      const { idpId, name } = await offered({ autoLinking: 'username' });
      const existing = await person();
      const journey = await through(name, { preferred_username: existing.userName.toUpperCase() });
      await journey.page.waitForSelector('#password');
      expect(await journey.page.textContent('#notice')).to.equal(
        `An account with this user name exists: sign in to link it to ${name}.`,
      );
      await journey.page.fill('#password', PASSWORD);
      await journey.page.click('button[type=submit]');
      expect(await subjectAtClient(stage, journey)).to.equal(existing.userId);
      expect((await linkOf(idpId))?.userId).to.equal(existing.userId);
    });

    it('asks a linked user with TOTP for the code, then signs them in', async () => {
      const { idpId, name } = await offered();
      const subject = stage.upstream.addAccount({});
      const existing = await person({
        otpCode: OTP_SECRET,
        idps: [{ configId: idpId, externalUserId: subject }],
      });
      stage.upstream.signInAs = subject;
      const journey = await openSignIn(browser, stage, service);
      await choose(journey, name);
      await journey.page.waitForSelector('#code');
      await journey.page.fill('#code', '000000');
      await journey.page.click('button[type=submit]');
      expect(await errorOn(journey)).to.equal('That code is not valid.');
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OTP_SECRET) });
      await journey.page.fill('#code', totp.generate());
      await journey.page.click('button[type=submit]');
      expect(await subjectAtClient(stage, journey)).to.equal(existing.userId);
      const succeeded = (await eventsOf(service, existing.userId)).filter(
        (event) => event.type === 'user.human.signin.succeeded',
      );
      expect(succeeded.map((event) => event.payload)).to.deep.equal([
        { clientId: stage.client.clientMetadata().client_id, methods: ['idp', 'totp'], idpId },
      ]);
    });
  },
  publicUrlEnv,
);
