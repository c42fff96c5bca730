import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Passkey } from '../../shared/db/entities/index.js';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner } from '../support/factories.js';
import { localhostUrlEnv } from '../support/relying-party.js';
import type { TopicReader } from '../support/topic-reader.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

/** Whether the promise fulfils (within its own timeout). */
const succeeds = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/**
 * The person a passwordless import hands a link to: registers a passkey through it in Chromium
 * (a CDP virtual authenticator: CTAP2, internal, resident keys, user verification), then signs in
 * with the passkey alone through the provider, landing on the profile page; and what is refused.
 */
describeOnEachDatabase(
  'a passkey from the passwordless registration link, in headless Chromium',
  function (service) {
    this.timeout(120_000);
    let browser: Browser;
    const csp = forbidPolicyViolations();
    let context: BrowserContext;
    let page: Page;
    let authenticator: VirtualAuthenticator;
    let reader: TopicReader;
    let token: string;
    let user: { userId: string; userName: string; link: string; codeId: string };

    /** A user imported with `requestPasswordlessRegistration`, and no password. */
    const importWithLink = async (userName: string) => {
      const imported = await service.importUser(
        {
          userName,
          profile: { firstName: 'Pat', lastName: 'Key', preferredLanguage: 'en' },
          email: { email: `${userName}@example.com`, isEmailVerified: true },
          requestPasswordlessRegistration: true,
        },
        { token },
      );
      expect(imported.status).to.equal(200);
      const link: string = imported.body.passwordlessRegistration.link;
      const codeId = new URL(link).searchParams.get('codeID')!;
      return { userId: imported.body.userId as string, userName, link, codeId };
    };
    const passkeysOf = (userId: string) =>
      service.dataSource.getRepository(Passkey).find({ where: { userId } });
    const eventsOf = async (type: string) =>
      (
        (await service.dataSource.query(
          'SELECT payload FROM events WHERE aggregate_id = ? AND type = ? ORDER BY position',
          [user.userId, type],
        )) as { payload: string | object }[]
      ).map(({ payload }) => (typeof payload === 'string' ? JSON.parse(payload) : payload));

    /**
     * From the profile page's "Sign in" to "Sign in with a passkey". The virtual authenticator
     * may answer the page's conditional (autofill) ceremony by itself, and the page go on before
     * the button is pressed: either way the passkey signs in.
     */
    const signInWithPasskey = async (at: Page, answered?: () => Promise<unknown>) => {
      await at.goto(`${service.config.publicUrl}/ui/profile`);
      await at.click('#sign-in-button');
      // Gone on already when the autofill ceremony was answered at once.
      if (!(await succeeds(at.waitForSelector('#passkey-sign-in', { timeout: 5000 })))) return;
      if (answered && (await succeeds(answered()))) return;
      await at
        .click('#passkey-sign-in', { timeout: 3000, noWaitAfter: true })
        .catch(() => undefined);
    };
    const signOut = async () => {
      await page.click('#sign-out');
      await page.click('button[name=logout]');
      await page.waitForSelector('#sign-in:not([hidden])');
    };

    before(async () => {
      browser = await launchChromium();
      context = await browser.newContext();
      page = await context.newPage();
      csp.watch(context);
      authenticator = await VirtualAuthenticator.attach(context, page);
      await service.startRelay();
      await service.startWorker();
      reader = await service.readTopics();
      token = (await buildOwner(service)).token;
      user = await importWithLink('pat.key');
    });
    after(async () => {
      await reader?.stop();
      await browser?.close();
    });

    it('registers a passkey through the link: stored, and its event on Kafka', async () => {
      await page.goto(user.link);
      await page.fill('#passkeyName', 'My laptop');
      await page.click('#register');
      await page.locator('#message', { hasText: 'Your passkey is registered' }).waitFor();
      const [stored] = await passkeysOf(user.userId);
      expect(stored).to.include({ name: 'My laptop', userId: user.userId });
      expect(stored!.publicKey.length).to.be.greaterThan(30);
      await reader.waitFor(
        () => reader.of(user.userId).some((event) => event.type === 'user.human.passkey.added'),
        30_000,
        'user.human.passkey.added on Kafka',
      );
      const published = reader
        .of(user.userId)
        .find((event) => event.type === 'user.human.passkey.added')!;
      expect(published.data).to.deep.equal({
        passkeyId: stored!.id,
        name: 'My laptop',
        via: 'registration-link',
        codeId: user.codeId,
      });
    });

    it('refuses the link a second time, and a link past its expiry, offering a new one', async () => {
      const again = await page.goto(user.link);
      expect(again!.status()).to.equal(410);
      expect(await page.textContent('h1')).to.equal('This link no longer works');
      expect(await page.isVisible('input[name=login]')).to.equal(true);

      const late = await importWithLink('late.key');
      await service.dataSource.query('UPDATE user_codes SET expires_at = ? WHERE id = ?', [
        new Date(Date.now() - 1000),
        late.codeId,
      ]);
      expect((await page.goto(late.link))!.status()).to.equal(410);
      expect(await passkeysOf(late.userId)).to.deep.equal([]);
    });

    it('signs in with the passkey alone, landing on the profile page; the count rises', async () => {
      const [before] = await passkeysOf(user.userId);
      await signInWithPasskey(page);
      await page.waitForSelector('#profile:not([hidden])');
      expect(await page.textContent('#who')).to.equal(`Signed in as ${user.userName}`);
      const [after] = await passkeysOf(user.userId);
      expect(after!.signCount).to.be.greaterThan(before!.signCount);
      expect(after!.lastUsedAt).to.be.instanceOf(Date);
      expect((await eventsOf('user.human.signin.succeeded')).at(-1)).to.deep.equal({
        clientId: 'profile-page',
        methods: ['passkey'],
      });
      await signOut();
    });

    it('refuses an assertion at an older sign count (a copy), and records it', async () => {
      const [older] = await authenticator.credentials();
      await signInWithPasskey(page);
      await page.waitForSelector('#profile:not([hidden])');
      await signOut();
      const [newest] = await authenticator.credentials();
      await authenticator.replace(older!);
      // The copy's next count equals the stored one. Refused once, it counts on past it: so only
      // one ceremony here, the autofill one when the authenticator answers it, else the button's.
      const refused = page.locator('#passkey-message', { hasText: 'counter went backwards' });
      await signInWithPasskey(page, () => refused.waitFor({ timeout: 5000 }));
      await refused.waitFor();
      expect(page.url()).to.contain('/ui/login/');
      const [stored] = await passkeysOf(user.userId);
      expect((await eventsOf('user.human.signin.failed')).at(-1)).to.deep.equal({
        clientId: 'profile-page',
        reason: 'passkey-sign-count',
        passkeyId: stored!.id,
      });
      await authenticator.replace(newest!);
    });

    it('does not sign in from a second browser without the authenticator', async () => {
      const other = await browser.newContext();
      try {
        const stranger = await other.newPage();
        // An authenticator of its own, holding no passkey of this site's.
        await VirtualAuthenticator.attach(other, stranger);
        await signInWithPasskey(stranger);
        await stranger.locator('#passkey-message:not(:empty)').waitFor();
        expect(await stranger.textContent('#passkey-message')).to.match(/^No passkey was used/);
        expect(stranger.url()).to.contain('/ui/login/');
      } finally {
        await other.close();
      }
    });

    it('renames and removes the passkey on the profile page; removed, it signs in no more', async () => {
      await signInWithPasskey(page);
      await page.waitForSelector('#profile:not([hidden])');
      await page.locator('#passkey-list .passkey-name', { hasText: 'My laptop' }).waitFor();
      expect(await page.textContent('#passkey-list li .hint')).to.match(/Created .* last used /);
      await page.click('#passkey-list li .rename');
      await page.fill('.passkey-new-name', 'Work laptop');
      await page.click('.save-name');
      await page.locator('#passkeys-status', { hasText: 'Renamed.' }).waitFor();
      expect(await page.textContent('#passkey-list .passkey-name')).to.equal('Work laptop');
      const [renamed] = await passkeysOf(user.userId);
      expect(renamed!.name).to.equal('Work laptop');

      page.once('dialog', (dialog) => void dialog.accept());
      await page.click('#passkey-list li .remove');
      await page.locator('#passkeys-status', { hasText: 'Removed.' }).waitFor();
      expect(await page.textContent('#passkey-list')).to.equal('No passkeys yet.');
      expect(await passkeysOf(user.userId)).to.deep.equal([]);
      expect(await eventsOf('user.human.passkey.renamed')).to.deep.equal([
        { passkeyId: renamed!.id, name: 'Work laptop' },
      ]);
      expect(await eventsOf('user.human.passkey.removed')).to.deep.equal([
        { passkeyId: renamed!.id },
      ]);

      await signOut();
      const refused = page.locator('#passkey-message', { hasText: 'does not belong' });
      await signInWithPasskey(page, () => refused.waitFor({ timeout: 5000 }));
      await refused.waitFor();
      expect(page.url()).to.contain('/ui/login/');
    });
  },
  async () => ({ ...(await localhostUrlEnv()) }),
);
