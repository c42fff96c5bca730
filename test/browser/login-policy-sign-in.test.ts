import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  brokeredSuite,
  choose,
  errorOn,
  eventsOf,
  openSignIn,
  subjectAtClient,
  type BrokeredStage,
} from '../support/brokered-flow.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildUser } from '../support/factories.js';
import { publicUrlEnv } from '../support/relying-party.js';

const PASSWORD = 'Corr3ct-Horse!';
const NOT_OFFERED = 'Signing in with a user name and password is not offered here.';

/**
 * The login policy's allowUsernamePassword at sign-in (issue 43), in headless Chromium: where
 * the policy the client's sign-in follows has it false, the first page offers no user name and
 * password form, only passkeys and the offered providers (which still sign people in), and the
 * user name and password steps are refused by the service even when posted without the page's
 * form, before anything is checked or recorded. Where it is true again, passwords sign in.
 */
describeOnEachDatabase(
  'the login policy without user name and password (Chromium)',
  (service) => {
    const suite = brokeredSuite(service);
    let browser: Browser;
    let stage: BrokeredStage;
    before(() => ({ browser, stage } = suite));

    /** Sets the organization's own login policy, as its owner does. */
    async function allowPasswords(allowUsernamePassword: boolean): Promise<void> {
      const response = await service.call('PUT', '/management/v1/policies/login', {
        token: stage.owner.token,
        body: { allowExternalIdp: true, allowUsernamePassword },
      });
      expect(response.status, response.text).to.equal(200);
    }
    afterEach(() => allowPasswords(true));

    /** A person of the organization with a password. */
    const personWithPassword = () =>
      buildUser(service, {
        orgId: stage.owner.orgId,
        password: PASSWORD,
        email: { email: 'p@example.com', isEmailVerified: true },
      });

    /** Posts `fields` to `path` of the interaction from the page, with the page's CSRF token. */
    async function post(page: Page, path: string, fields: Record<string, string>) {
      const to = `${await page.getAttribute('#passkey', 'data-action')}/${path}`;
      const token = (await page.getAttribute('#passkey', 'data-csrf'))!;
      return page.evaluate(
        async ({ to, body }) => {
          const response = await fetch(to, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body),
            redirect: 'manual',
          });
          const html = await response.text();
          return { status: response.status, error: /class="error"[^>]*>([^<]*)</.exec(html)?.[1] };
        },
        { to, body: { _csrf: token, ...fields } },
      );
    }

    it('offers no password form, only passkeys and providers; a provider still signs in', async () => {
      await allowPasswords(false);
      const { idpId, name } = await suite.offered();
      const subject = stage.upstream.addAccount({ email: 'l@example.com', email_verified: true });
      const { userId } = await buildUser(service, {
        orgId: stage.owner.orgId,
        idps: [{ configId: idpId, externalUserId: subject, displayName: 'linked' }],
      });
      stage.upstream.signInAs = subject;
      const journey = await openSignIn(browser, stage, service);
      suite.csp.watch(journey.page);
      const { page } = journey;
      expect(await page.locator('input[name="userName"]').count()).to.equal(0);
      expect(await page.locator('input[type="password"]').count()).to.equal(0);
      expect((await page.textContent('#no-password'))!.trim()).to.equal(NOT_OFFERED);
      expect(await page.locator('#passkey-sign-in').count()).to.equal(1);
      expect(await page.locator('#providers button').allTextContents()).to.have.length(1);
      await choose(journey, name);
      expect(await subjectAtClient(stage, journey)).to.equal(userId);
    });

    it('offers no linking (it asks for a password): the form that makes an account, else a refusal', async () => {
      await allowPasswords(false);
      // A verified email that an account of ours has too: auto-linking's candidate, were it offered.
      const existing = await personWithPassword();
      for (const [options, shown] of [
        [{ isLinkingAllowed: true, isCreationAllowed: true, autoLinking: 'email' }, 'form'],
        [{ isLinkingAllowed: true, autoLinking: 'email' }, 'refusal'],
      ] as const) {
        const { name } = await suite.offered(options);
        stage.upstream.signInAs = stage.upstream.addAccount({
          email: existing.email,
          email_verified: true,
          given_name: 'Una',
          family_name: 'Upstream',
        });
        const journey = await openSignIn(browser, stage, service);
        await choose(journey, name);
        if (shown === 'form') {
          await journey.page.waitForSelector('#firstName');
          expect(await journey.page.textContent('h1')).to.equal('Create your account');
        } else
          expect(await errorOn(journey)).to.equal(
            'No account is linked to your identity at this provider. Ask an administrator of your organization.',
          );
        expect(await journey.page.locator('input[type="password"]').count()).to.equal(0);
        expect(await journey.page.locator('text=Link an existing account').count()).to.equal(0);
      }
    });

    it('refuses the user name and the password posted directly: nothing checked or recorded', async () => {
      const person = await personWithPassword();
      // The person got to the password step while the policy took passwords; then it changed.
      const journey = await openSignIn(browser, stage, service);
      const { page } = journey;
      await page.fill('input[name="userName"]', person.userName);
      await page.click('button[type="submit"]');
      await page.waitForSelector('input[name="password"]');
      await allowPasswords(false);
      await page.fill('input[name="password"]', PASSWORD);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.click('button[type="submit"]'),
      ]);
      expect(answer.status()).to.equal(403);
      expect((await page.textContent('.error'))!.trim()).to.equal(NOT_OFFERED);
      expect(await page.locator('input[name="password"]').count()).to.equal(0);
      // The first step posted without its form (there is none): refused alike.
      const first = await openSignIn(browser, stage, service);
      const userName = await post(first.page, 'user-name', { userName: person.userName });
      expect(userName).to.deep.equal({ status: 403, error: NOT_OFFERED });
      // A password posted to a sign-in that is not at that step goes back to the first page.
      const password = await post(first.page, 'password', { password: PASSWORD });
      expect(password.status).to.equal(0); // the redirect, not followed (opaque)
      const types = (await eventsOf(service, person.userId)).map((event) => event.type);
      expect(types.filter((type) => type.startsWith('user.human.signin'))).to.deep.equal([]);

      // Allowed again: the same person signs in with the same password.
      await allowPasswords(true);
      const again = await openSignIn(browser, stage, service);
      await again.page.fill('input[name="userName"]', person.userName);
      await again.page.click('button[type="submit"]');
      await again.page.fill('input[name="password"]', PASSWORD);
      await again.page.click('button[type="submit"]');
      expect(await subjectAtClient(stage, again)).to.equal(person.userId);
    });
  },
  publicUrlEnv,
);
