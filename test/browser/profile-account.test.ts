import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type * as oidc from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { verificationLink } from '../support/email-links.js';
import { buildOwner } from '../support/factories.js';
import { publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { userinfoOf } from '../support/userinfo.js';

const ARTIFACTS = 'test-artifacts';
const OLD_PASSWORD = 'Account-page-1!';
const NEW_PASSWORD = 'Account-page-2?';
const USER_NAME = 'account.page';
const OLD_EMAIL = 'account.page@example.com';
const NEW_EMAIL = 'account.page@moved.example';

describeOnEachDatabase(
  'the account page’s password and email in headless Chromium',
  function (service) {
    this.timeout(120_000);
    const csp = forbidPolicyViolations();
    let browser: Browser;
    let page: Page;
    let client: oidc.Configuration;
    let userId: string;

    before(async () => {
      await service.startRelay();
      await service.startWorker();
      browser = await launchChromium();
      const context = await browser.newContext({ locale: 'en-US' });
      page = await context.newPage();
      csp.watch(context);
      const { token } = await buildOwner(service);
      const imported = await service.importUser(
        {
          userName: USER_NAME,
          profile: { firstName: 'Acco', lastName: 'Unt' },
          email: { email: OLD_EMAIL, isEmailVerified: true },
          password: OLD_PASSWORD,
        },
        { token },
      );
      userId = imported.body.userId;
      client = await relyingParty(service);
      await mkdir(ARTIFACTS, { recursive: true });
    });
    after(async () => browser?.close());

    const signInOnThePage = async (password: string, on = page) => {
      await on.goto(`${service.config.publicUrl}/ui/profile`);
      await on.click('#sign-in-button');
      await on.fill('#userName', USER_NAME);
      await on.click('button[type=submit]');
      await on.fill('#password', password);
      await on.click('button[type=submit]');
    };
    const userinfo = (password: string) =>
      userinfoOf(service, client, { userName: USER_NAME, userId, password });

    it('changes the password: the policy shown first, a wrong current one refused, then the old one signs in no more and the new one does', async () => {
      await signInOnThePage(OLD_PASSWORD);
      await page.waitForSelector('#password:not([hidden])');
      const rules = await page.locator('#password-rules li').allTextContents();
      expect(rules[0]).to.equal(`at least ${service.config.passwordPolicy.minLength} characters`);
      await page.fill('#newPassword', NEW_PASSWORD);
      expect(await page.locator('#password-rules li.met').count()).to.equal(rules.length);

      await page.fill('#oldPassword', 'not-my-password');
      await page.click('#change-password');
      await page
        .locator('#password-status', { hasText: 'The current password is not right.' })
        .waitFor();
      await page.fill('#oldPassword', OLD_PASSWORD);
      await page.fill('#newPassword', NEW_PASSWORD);
      await page.click('#change-password');
      await page.locator('#password-status', { hasText: 'Your password is changed.' }).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}/account-page-password.png`, fullPage: true });

      await page.click('#sign-out');
      await page.click('button[name=logout]');
      await page.waitForSelector('#sign-in:not([hidden])');
      await signInOnThePage(OLD_PASSWORD);
      await page.locator('p.error').waitFor();
      expect(await page.isVisible('#profile')).to.equal(false);
      await page.fill('#password', NEW_PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForSelector('#profile:not([hidden])');
    });

    it('changes the email: the new address waits until its link is followed, and userinfo says so before and after', async () => {
      expect(await userinfo(NEW_PASSWORD)).to.include({ email: OLD_EMAIL, email_verified: true });
      await page.waitForSelector('#email:not([hidden])');
      expect(await page.textContent('#email-current')).to.equal(OLD_EMAIL);
      expect(await page.textContent('#email-state')).to.equal('(verified)');
      expect(await page.isHidden('#email-pending')).to.equal(true);

      await page.fill('#newEmail', NEW_EMAIL);
      await page.click('#change-email');
      await page.locator('#email-status', { hasText: `We sent a link to ${NEW_EMAIL}.` }).waitFor();
      expect(await page.textContent('#email-pending')).to.contain(NEW_EMAIL);
      expect(await page.textContent('#email-current')).to.equal(OLD_EMAIL);
      await page.screenshot({ path: `${ARTIFACTS}/account-page-email.png`, fullPage: true });
      expect(await userinfo(NEW_PASSWORD)).to.include({ email: OLD_EMAIL, email_verified: true });

      const link = await verificationLink(service, NEW_EMAIL);
      await page.goto(link);
      await page.click('button[type=submit]');
      await page.locator('h1', { hasText: 'Your email address is confirmed' }).waitFor();

      await page.goto(`${service.config.publicUrl}/ui/profile`);
      await page.waitForSelector('#email:not([hidden])');
      expect(await page.textContent('#email-current')).to.equal(NEW_EMAIL);
      expect(await page.textContent('#email-state')).to.equal('(verified)');
      expect(await page.isHidden('#email-pending')).to.equal(true);
      expect(await userinfo(NEW_PASSWORD)).to.include({ email: NEW_EMAIL, email_verified: true });
    });

    it('speaks German to a German browser', async () => {
      const context = await browser.newContext({ locale: 'de-CH' });
      const german = await context.newPage();
      csp.watch(context);
      await signInOnThePage(NEW_PASSWORD, german);
      await german.waitForSelector('#email:not([hidden])');
      await german.waitForSelector('#password:not([hidden])');
      expect(await german.textContent('#password h2')).to.equal('Passwort');
      expect(await german.textContent('#change-password')).to.contain('Passwort ändern');
      expect(await german.textContent('#email-state')).to.equal('(bestätigt)');
      expect(await german.locator('#password-rules li').first().textContent()).to.match(
        /^mindestens \d+ Zeichen$/,
      );
      await context.close();
    });
  },
  publicUrlEnv,
);
