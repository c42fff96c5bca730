import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { UserReadModel } from '../../shared/db/entities/index.js';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { publicUrlEnv } from '../support/relying-party.js';

const ARTIFACTS = 'test-artifacts';
/** The user signs in with a password whose hash came from another system. */
const BCRYPT = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;

describe('the profile page in headless Chromium', function () {
  this.timeout(120_000);
  let smtp: SmtpSink;
  let service: TestService;
  let browser: Browser;
  const csp = forbidPolicyViolations();
  let page: Page;
  let userId: string;

  before(async () => {
    browser = await launchChromium();
    smtp = await new SmtpSink().start();
    service = await TestService.start({ SMTP_URL: smtp.url, ...(await publicUrlEnv()) });
    await service.startRelay();
    await service.startWorker();
    const owner = await buildOwner(service);
    const imported = await service.importUser(
      {
        userName: 'page-user',
        profile: { firstName: 'Paige', lastName: 'Turner', preferredLanguage: 'en' },
        email: { email: 'paige@example.com', isEmailVerified: true },
        // Moved here from another system: its bcrypt hash, not a password.
        hashedPassword: { value: BCRYPT.encoded },
      },
      { token: owner.token },
    );
    userId = imported.body.userId;
    page = await browser.newPage();
    csp.watch(page);
    await mkdir(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
    await smtp?.stop();
  });

  const readModel = () =>
    service.dataSource.getRepository(UserReadModel).findOneByOrFail({ id: userId });

  it('signs in through the provider and shows who is signed in and the profile', async () => {
    await page.goto(`${service.config.publicUrl}/ui/profile`);
    await page.click('#sign-in-button');
    await page.fill('#userName', 'page-user');
    await page.click('button[type=submit]');
    await page.fill('#password', BCRYPT.password);
    await page.click('button[type=submit]');
    await page.waitForSelector('#profile:not([hidden])');
    expect(page.url()).to.equal(`${service.config.publicUrl}/ui/profile`);
    expect(await page.textContent('#who')).to.equal('Signed in as page-user');
    expect(await page.inputValue('#firstName')).to.equal('Paige');
    expect(await page.inputValue('#lastName')).to.equal('Turner');
    expect(await page.inputValue('#displayName')).to.equal('Paige Turner');
    expect(await page.inputValue('#preferredLanguage')).to.equal('en');
    const [stored] = (await service.dataSource.query(
      'SELECT password_hash FROM users WHERE id = ?',
      [userId],
    )) as { password_hash: string }[];
    expect(stored!.password_hash, 'upgraded at the sign-in').to.match(/^\$argon2id\$/);
  });

  it('saves a new display name, which the read model and a second load show', async () => {
    await page.fill('#displayName', 'Paige the Reader');
    const saving = page.waitForRequest((request) =>
      request.url().endsWith('/identity.auth.v1.AuthService/UpdateMyProfile'),
    );
    await page.click('#save');
    const request = await saving;
    expect(request.method()).to.equal('POST');
    expect(request.headers()['content-type']).to.equal('application/grpc-web+proto');
    await page.locator('#status', { hasText: /^Saved\.$/ }).waitFor();
    expect((await readModel()).displayName).to.equal('Paige the Reader');

    await page.reload();
    await page.waitForSelector('#profile:not([hidden])');
    expect(await page.inputValue('#displayName')).to.equal('Paige the Reader');
    expect(await page.textContent('#changed')).to.match(/^Last changed /);
    await page.screenshot({ path: `${ARTIFACTS}/profile-page-saved.png`, fullPage: true });
  });

  it('shows the field error next to an emptied first name, and stores nothing', async () => {
    const before = await readModel();
    await page.fill('#firstName', '');
    await page.click('#save');
    await page.locator('#firstName-error:not(:empty)').waitFor();
    expect(await page.textContent('#firstName-error')).to.equal('First name must not be empty');
    expect(await page.getAttribute('#firstName', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#lastName-error')).to.equal('');
    expect(await page.textContent('#status')).to.equal('Please correct the marked fields.');
    await page.screenshot({ path: `${ARTIFACTS}/profile-page.png`, fullPage: true });
    const after = await readModel();
    expect(after.firstName).to.equal('Paige');
    expect(after.sequence).to.equal(before.sequence);
  });

  it('signs out through the provider, back on the page signed out', async () => {
    await page.click('#sign-out');
    await page.click('button[name=logout]');
    await page.waitForURL(`${service.config.publicUrl}/ui/profile`);
    await page.waitForSelector('#sign-in:not([hidden])');
    expect(await page.isHidden('#profile')).to.equal(true);
    // The provider's session is gone too: signing in asks for the user name again.
    await page.click('#sign-in-button');
    await page.waitForSelector('#userName');
  });
  it('speaks German to a browser that asks for it, the profile and the passkeys alike', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    try {
      const german = await context.newPage();
      csp.watch(german);
      await german.goto(`${service.config.publicUrl}/ui/profile`);
      expect(await german.getAttribute('html', 'lang')).to.equal('de');
      expect(await german.title()).to.equal('Ihr Konto');
      expect(await german.textContent('#sign-in-button')).to.equal('Anmelden');
      await german.click('#sign-in-button');
      await german.fill('#userName', 'page-user');
      await german.click('button[type=submit]');
      await german.fill('#password', BCRYPT.password);
      await german.click('button[type=submit]');
      await german.waitForSelector('#profile:not([hidden])');
      expect(await german.textContent('#who')).to.equal('Angemeldet als page-user');
      expect(await german.textContent('label[for=firstName]')).to.equal('Vorname');
      expect(await german.textContent('#save')).to.equal('Speichern');
      await german.locator('#passkey-list', { hasText: 'Noch keine Passkeys.' }).waitFor();
      await german.fill('#nickName', 'Paigi');
      await german.click('#save');
      await german.locator('#status', { hasText: /^Gespeichert\.$/ }).waitFor();
      expect(await german.textContent('#changed')).to.match(/^Zuletzt geändert /);
    } finally {
      await context.close();
    }
  });
});
