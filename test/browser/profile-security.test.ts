import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { publicUrlEnv } from '../support/relying-party.js';
import { profilePageFlow } from '../support/profile-sign-in.js';

const USER_NAME = 'two.factors';
const PASSWORD = 'Correct-Horse-9';

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describeOnEachDatabase(
  'two-factor authentication and sessions on the account page',
  function (service) {
    this.timeout(120_000);
    let browser: Browser;
    const csp = forbidPolicyViolations();
    let userId: string;

    before(async () => {
      await service.startRelay();
      await service.startWorker();
      browser = await launchChromium();
      const { token } = await buildOwner(service);
      const imported = await service.importUser(
        {
          userName: USER_NAME,
          profile: { firstName: 'Tia', lastName: 'Factor' },
          email: { email: 'tia@example.com', isEmailVerified: true },
          password: PASSWORD,
        },
        { token },
      );
      userId = imported.body.userId;
    });
    after(async () => browser?.close());

    /** A browser of its own (a context) with the account page open, not signed in yet. */
    async function newBrowser(locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ locale });
      csp.watch(context);
      const page = await context.newPage();
      return { context, page };
    }

    /** Signs in on the account page: user name, password, and a TOTP code when asked. */
    async function signIn(page: Page, code?: string): Promise<void> {
      await page.goto(`${service.config.publicUrl}/ui/profile`);
      await page.click('#sign-in-button');
      await page.waitForSelector('#userName');
      await page.fill('#userName', USER_NAME);
      await page.click('button[type=submit]');
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      if (code !== undefined) {
        await page.waitForSelector('#code');
        await page.fill('#code', code);
        await page.click('button[type=submit]');
      }
      await page.waitForSelector('#profile:not([hidden])');
    }

    it('adds TOTP (the next sign-in asks for a code) and removes it', async () => {
      const { page } = await newBrowser();
      await signIn(page);
      await page.locator('#totp-state', { hasText: 'Off.' }).waitFor();
      await page.click('#totp-add');
      await page.waitForSelector('#totp-setup:not([hidden])');
      const secret = (await page.textContent('#totp-secret'))!;
      expect(secret).to.match(/^[A-Z2-7]{32}$/);
      expect(await page.getAttribute('#totp-qr', 'src')).to.match(/^data:image\/svg\+xml;base64,/);
      // The image decodes (an img's naturalWidth is 0 until it does).
      expect(
        await page
          .locator('#totp-qr')
          .evaluate((image) => (image as { naturalWidth: number }).naturalWidth),
      ).to.be.greaterThan(0);
      await page.fill('#totp-code', codeOf(secret));
      await page.click('#totp-confirm');
      await page.locator('#totp-status', { hasText: 'Two-factor authentication is on.' }).waitFor();
      expect(await page.textContent('#totp-secret'), 'the key is shown once').to.equal('');
      await page.locator('#totp-state', { hasText: 'On:' }).waitFor();

      // Another browser: the sign-in asks for the code (the confirming one's step is used up).
      const other = await newBrowser();
      await signIn(other.page, codeOf(secret, 1));
      await other.context.close();

      page.once('dialog', (dialog) => void dialog.accept());
      await page.click('#totp-remove');
      await page
        .locator('#totp-status', { hasText: 'Two-factor authentication is off.' })
        .waitFor();
      const third = await newBrowser();
      await signIn(third.page);
      await third.context.close();

      const types = (await service.events(userId)).map((event) => event.type);
      expect(types).to.include.members([
        'user.human.otp.pending.added',
        'user.human.otp.verified',
        'user.human.otp.removed',
      ]);
      expect(JSON.stringify(await service.events(userId))).not.to.contain(secret);
      expect(service.logs.text).not.to.contain(secret);
    });

    it("ends another browser's session: that browser's refresh token is refused", async () => {
      const { publicUrl } = service.config;
      const mine = await newBrowser();
      await signIn(mine.page);
      // The browsers of the test before are signed in still: every other session ends.
      await mine.page.waitForSelector('#sessions:not([hidden])');
      mine.page.once('dialog', (dialog) => void dialog.accept());
      await mine.page.click('#end-other-sessions');
      await mine.page
        .locator('#sessions-status', { hasText: /^Signed out everywhere else \(3\)\.$/ })
        .waitFor();
      expect(await mine.page.locator('#session-list li').count()).to.equal(1);

      // Another browser signs in to the account page's client; its code is taken to the test,
      // which holds the refresh token the sign-in gave.
      const flow = await profilePageFlow(publicUrl);
      const other = await newBrowser();
      let landed = '';
      const isLanding = (at: URL) => at.href.startsWith(`${flow.redirectUri}?`);
      // The page's own script stays away from the code: the test exchanges it.
      await other.page.route('**/ui/profile/profile.js', (route) => route.abort());
      other.page.on('request', (request) => {
        if (isLanding(new URL(request.url()))) landed = request.url();
      });
      await other.page.goto(flow.url);
      await other.page.fill('#userName', USER_NAME);
      await other.page.click('button[type=submit]');
      await other.page.fill('#password', PASSWORD);
      await other.page.click('button[type=submit]');
      await other.page.waitForURL(isLanding);
      const tokens = await flow.finish(landed);
      expect(tokens.refresh_token).to.be.a('string');

      await mine.page.reload();
      await mine.page.waitForSelector('#sessions:not([hidden])');
      const items = mine.page.locator('#session-list li');
      expect(await items.count()).to.equal(2);
      const current = mine.page.locator('#session-list li.current');
      expect(await current.locator('.this-device').textContent()).to.equal('This device');
      expect(await current.locator('.session-device').textContent()).to.equal('Chrome on Linux');
      await mine.page.click('#session-list li:not(.current) .end-session');
      await mine.page.locator('#sessions-status', { hasText: 'The session was ended.' }).waitFor();
      expect(await items.count()).to.equal(1);

      const refused = await flow.refresh(tokens.refresh_token!);
      expect(refused).to.equal('refused: invalid_grant');
      const ended = (await service.events(userId)).filter(
        (event) => event.type === 'user.human.session.ended',
      );
      expect(ended).to.have.length(4);
    });

    it('speaks German to a German browser', async () => {
      const { page, context } = await newBrowser('de-DE');
      await signIn(page);
      await page.locator('#totp-state', { hasText: 'Aus.' }).waitFor();
      expect(await page.textContent('#totp h2')).to.equal('Zwei-Faktor-Authentifizierung');
      expect(await page.textContent('#totp-add')).to.equal(
        'Zwei-Faktor-Authentifizierung einrichten',
      );
      expect(await page.textContent('#sessions h2')).to.equal('Sitzungen');
      await page
        .locator('#session-list li.current .this-device', { hasText: 'Dieses Gerät' })
        .waitFor();
      expect(await page.textContent('#end-other-sessions')).to.equal('Überall sonst abmelden');
      await context.close();
    });
  },
  publicUrlEnv,
);
