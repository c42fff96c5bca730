import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { Passkey } from '../../shared/db/entities/index.js';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { localhostUrlEnv } from '../support/relying-party.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

const PASSWORD = 'Correct-Horse-9';
/** The shortest PASSKEY_REAUTH_SECONDS: the test waits it out to need a new sign-in. */
const REAUTH_SECONDS = 10;

describeOnEachDatabase(
  'adding a passkey on the profile page, after signing in again',
  function (service) {
    this.timeout(120_000);
    let browser: Browser;
    const csp = forbidPolicyViolations();
    let page: Page;
    let userId: string;

    before(async () => {
      await service.startRelay();
      await service.startWorker();
      browser = await launchChromium();
      const context = await browser.newContext();
      page = await context.newPage();
      csp.watch(context);
      await VirtualAuthenticator.attach(context, page);
      const { token } = await buildOwner(service);
      const imported = await service.importUser(
        {
          userName: 'add.key',
          profile: { firstName: 'Ada', lastName: 'Key' },
          email: { email: 'ada@example.com', isEmailVerified: true },
          password: PASSWORD,
        },
        { token },
      );
      userId = imported.body.userId;
    });
    after(async () => browser?.close());

    const signInByPassword = async () => {
      await page.waitForSelector('#userName');
      await page.fill('#userName', 'add.key');
      await page.click('button[type=submit]');
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
    };

    it('asks for the password again once the sign-in is old, then adds the passkey', async () => {
      await page.goto(`${service.config.publicUrl}/ui/profile`);
      await page.click('#sign-in-button');
      await signInByPassword();
      await page.waitForSelector('#profile:not([hidden])');
      await page.locator('#passkey-list', { hasText: 'No passkeys yet.' }).waitFor();

      await page.waitForTimeout((REAUTH_SECONDS + 1) * 1000);
      await page.click('#add-passkey');
      // The service refuses the old sign-in; the page signs the person in again (max_age=0).
      await signInByPassword();
      await page.locator('#passkeys-status', { hasText: 'Passkey added.' }).waitFor();
      const stored = await service.dataSource.getRepository(Passkey).findBy({ userId });
      expect(stored).to.have.length(1);
      expect(await page.textContent('#passkey-list .passkey-name')).to.equal(stored[0]!.name);
      const added = (await service.events(userId)).filter(
        (event) => event.type === 'user.human.passkey.added',
      );
      expect(added.map((event) => event.payload)).to.deep.equal([
        { passkeyId: stored[0]!.id, name: stored[0]!.name, via: 'profile' },
      ]);
    });
  },
  async () => ({
    ...(await localhostUrlEnv()),
    PASSKEY_REAUTH_SECONDS: String(REAUTH_SECONDS),
  }),
);
