import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import {
  consoleAndService,
  consolePerson,
  signedInConsole,
  type ConsolePerson,
} from '../support/console-browser.js';
import { buildOrg } from '../support/factories.js';

const PEOPLE = 10_000;

/**
 * The console's Users section as an administrator and a read-only viewer use it, in headless
 * Chromium through the sign-in: one person found among 10,000 by the start of their user name,
 * deactivated (their next sign-in is refused) and reactivated; the viewer sees the same pages
 * without the actions, and a form posted by the viewer is refused. axe-core checks every page.
 */
describe('the admin console: users, in headless Chromium', function () {
  this.timeout(300_000);
  const both = consoleAndService();
  let orgId: string;
  const suffix = randomBytes(3).toString('hex');
  let administrator: ConsolePerson;
  let target: { userId: string; userName: string; password: string };

  before(async function () {
    this.timeout(600_000);
    const { service } = both;
    orgId = (await buildOrg(service)).orgId;
    const importer = await consolePerson(service, orgId, `importer-${suffix}`, ['ORG_OWNER']);
    const token = await service.token(importer.userId);
    let sequence = '';
    for (let at = 0; at < PEOPLE; at += 1000) {
      const users = Array.from({ length: 1000 }, (_, i) => {
        const n = at + i;
        return {
          userName: `person-${String(n).padStart(5, '0')}-${suffix}`,
          profile: { firstName: `Person`, lastName: `Number ${n}` },
          email: { email: `person-${n}-${suffix}@example.com`, isEmailVerified: true },
        };
      });
      const imported = await service.call('POST', '/management/v1/users/human/_import-batch', {
        token,
        body: { users, sendInitializationEmail: false },
      });
      expect(imported.status, imported.text).to.equal(200);
      sequence = imported.body.details.sequence;
    }
    target = await consolePerson(service, orgId, `zelda-${suffix}`, []);
    administrator = await consolePerson(service, orgId, `admin-${suffix}`, ['ORG_OWNER']);
    // The read model shows them all before the first page is opened.
    const shown = await service.call('POST', '/management/v1/users/_search', {
      token,
      headers: { 'x-identity-after-sequence': sequence },
      body: { query: { limit: 1 } },
    });
    expect(shown.status, shown.text).to.equal(200);
  });

  /** Checks the page with axe-core: no serious or critical violation. */
  const accessible = async (page: Page) =>
    expect(await seriousAccessibilityViolations(page), page.url()).to.deep.equal([]);

  /** The target's sign-in to the console in a browser of their own: where it ends. */
  const targetSignsIn = async () => {
    const context = await both.browser.newContext({ locale: 'en' });
    const page = await context.newPage();
    await page.goto(`${both.service.config.publicUrl}/ui/console/`);
    await page.fill('#userName', target.userName);
    await page.click('button[type=submit]');
    await page.fill('#password', target.password);
    await page.click('button[type=submit]');
    await page.waitForLoadState('load');
    const said = {
      url: page.url(),
      h1: await page.textContent('h1'),
      error: await page.textContent('.error').catch(() => null),
    };
    await context.close();
    return said;
  };

  it('an administrator finds one person among 10,000 by a prefix, deactivates and reactivates them', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, administrator);
    expect(await page.textContent('h1')).to.equal('Users');
    expect(await page.textContent('nav.pages')).to.contain('of 10,00');
    await accessible(page);

    await page.selectOption('#search-by', 'userName');
    await page.fill('#search-text', `ZELDA-${suffix}`);
    await page.click('form.search button[type=submit]');
    await page.waitForURL(/q=ZELDA/);
    const rows = page.locator('table.list tbody tr');
    expect(await rows.count()).to.equal(1);
    expect(await rows.first().textContent()).to.contain(target.userName);
    await accessible(page);

    await page.click(`text=${target.userName}`);
    await page.waitForURL(new RegExp(`/ui/console/users/${target.userId}`));
    expect(await page.textContent('.state')).to.equal('Active');
    await accessible(page);

    await page.click('button:has-text("Deactivate")');
    await page.waitForURL(/done=deactivated/);
    expect(await page.textContent('.state')).to.equal('Inactive');
    expect(await page.textContent('.notice')).to.contain('deactivated');
    await accessible(page);

    const refused = await targetSignsIn();
    expect(refused.h1).to.equal('Sign in');
    expect(refused.error).to.contain('This account cannot be used.');

    await page.click('button:has-text("Reactivate")');
    await page.waitForURL(/done=reactivated/);
    expect(await page.textContent('.state')).to.equal('Active');
    const admitted = await targetSignsIn();
    // Signed in: back at the console, which has nothing to show someone without roles.
    expect(admitted.url).to.contain('/ui/console/');
    expect(admitted.h1).to.equal('Not allowed');

    // The activity says who did it: the administrator deactivated and reactivated the person.
    await page.goto(`${service.config.publicUrl}/ui/console/users/${target.userId}`);
    await page.click('a:has-text("What changed, and who changed it")');
    await page.fill('#field-editor', administrator.userName);
    await page.selectOption('#activity-type', 'user.');
    await page.click('form.search button[type=submit]');
    const changes = await page.locator('table.list tbody tr').allTextContents();
    expect(changes.map((row) => /user\.[a-z.]+/.exec(row)?.[0])).to.deep.equal([
      'user.human.reactivated',
      'user.human.deactivated',
    ]);
    expect(changes[0]).to.contain(`${administrator.userName} Admin`);
    await accessible(page);

    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('edits a profile; an If-Match conflict says someone else changed it; a removal is confirmed', async () => {
    const { browser, service } = both;
    const { page, context } = await signedInConsole(browser, service, administrator);
    const other = await consolePerson(service, orgId, `otto-${suffix}`, []);
    const owner = await consolePerson(service, orgId, `other-admin-${suffix}`, ['ORG_OWNER']);
    const ownerToken = await service.token(owner.userId);
    await page.goto(`${service.config.publicUrl}/ui/console/users/${other.userId}`);
    await page.click('a:has-text("Edit the profile")');
    await accessible(page);

    // Refused input is shown beside its field.
    await page.fill('#field-preferredLanguage', 'not a language');
    await page.click('button:has-text("Save")');
    expect(await page.getAttribute('#field-preferredLanguage', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#field-preferredLanguage-error')).to.match(/\S/);
    await accessible(page);

    await page.fill('#field-preferredLanguage', 'de-ch');
    await page.fill('#field-nickName', 'Otto the first');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=profile/);
    expect(await page.textContent('.notice')).to.contain('The profile was saved.');
    expect(await page.textContent('#profile ~ dl')).to.contain('Otto the first');

    // Someone else changes the profile after this form was opened: not overwritten.
    await page.click('a:has-text("Edit the profile")');
    const changed = await service.call('PUT', `/management/v1/users/${other.userId}/profile`, {
      token: ownerToken,
      body: { firstName: 'Otto', lastName: 'Elsewhere' },
    });
    expect(changed.status, changed.text).to.equal(200);
    await page.fill('#field-nickName', 'Otto the second');
    await page.click('button:has-text("Save")');
    expect(await page.textContent('h1')).to.equal('Changed by someone else');
    await accessible(page);
    await page.click('a:has-text("Reload")');
    expect(await page.textContent('#profile ~ dl')).to.contain('Elsewhere');

    await page.click('a:has-text("Remove")');
    expect(await page.textContent('h1')).to.match(/^Remove .*\?$/);
    await accessible(page);
    await page.click('button:has-text("Yes, remove")');
    await page.waitForURL(/\/ui\/console\/users\?after=/);
    const gone = await service.call('GET', `/management/v1/users/${other.userId}`, {
      token: ownerToken,
    });
    expect(gone.status).to.equal(404);
    await context.close();
  });

  it('adds one person with a form and imports a CSV file, reporting each row', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, administrator);
    await page.click('a:has-text("Add a person")');
    expect(await page.textContent('h1')).to.equal('Add a person');
    await accessible(page);
    await page.fill('#field-userName', `ada-${suffix}`);
    await page.fill('#field-profile-firstName', 'Ada');
    await page.fill('#field-profile-lastName', 'Lovelace');
    await page.fill('#field-email-email', `ada-${suffix}@example.com`);
    await page.fill('#field-phone-phone', 'not a number');
    await page.click('button:has-text("Add")');
    // The API's violation, beside the phone; what was typed is kept.
    expect(await page.getAttribute('#field-phone-phone', 'aria-invalid')).to.equal('true');
    expect(await page.inputValue('#field-userName')).to.equal(`ada-${suffix}`);
    await accessible(page);
    await page.fill('#field-phone-phone', '+41 44 668 18 00');
    await page.click('button:has-text("Add")');
    await page.waitForURL(/done=created/);
    expect(await page.textContent('.notice')).to.equal('The person was added.');
    expect(await page.textContent('#contact ~ dl')).to.contain('+41446681800');

    await page.goto(`${service.config.publicUrl}/ui/console/users/import`);
    await accessible(page);
    const csv = [
      'userName,email,firstName,lastName,externalId',
      `grace-${suffix},grace-${suffix}@example.com,Grace,Hopper,ext-grace-${suffix}`,
      `"linus, ${suffix}",not-an-email,Linus,Torvalds,`,
      `alan-${suffix},alan-${suffix}@example.com,Alan,Turing,`,
    ].join('\n');
    await page.setInputFiles('#field-file', {
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.click('button:has-text("Import")');
    await page.waitForSelector('table.list');
    expect(await page.textContent('.notice')).to.equal(
      'Done: 2 added, 0 existed already, 1 refused.',
    );
    const report = await page.locator('table.list tbody tr').allTextContents();
    expect(report).to.have.length(3);
    expect(report[0]).to.contain(`grace-${suffix}`).and.contain('added');
    expect(report[1]).to.contain('3').and.contain('email');
    expect(report[2]).to.contain(`alan-${suffix}`).and.contain('added');
    await accessible(page);

    // The same file again: Grace exists by her externalId; Alan, without one, is refused as taken.
    await page.goto(`${service.config.publicUrl}/ui/console/users/import`);
    await page.setInputFiles('#field-file', {
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.click('button:has-text("Import")');
    await page.waitForSelector('table.list');
    expect(await page.textContent('.notice')).to.equal(
      'Done: 0 added, 1 existed already, 2 refused.',
    );
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('a read-only viewer sees the same pages without the actions, and a posted form is refused', async () => {
    const { browser, service } = both;
    const viewer = await consolePerson(service, orgId, `viewer-${suffix}`, [
      'ORG_USER_VIEWER',
      'ORG_PROJECT_VIEWER',
    ]);
    const { page, context } = await signedInConsole(browser, service, viewer, 'de');
    expect(await page.textContent('h1')).to.equal('Benutzer');
    expect(await page.locator('a:has-text("Person hinzufügen")').count()).to.equal(0);
    await accessible(page);
    await page.goto(`${service.config.publicUrl}/ui/console/users/${target.userId}`);
    expect(await page.textContent('.state')).to.equal('Aktiv');
    expect(await page.locator('form[action*="/_"]').count()).to.equal(0);
    expect(await page.locator('#actions').count()).to.equal(0);
    await accessible(page);

    // The viewer's own form token, posted straight to an action: refused by the operation.
    const token = await page.inputValue('form.who input[name=_csrf]');
    const posted = await page.request.post(
      `${service.config.publicUrl}/ui/console/users/${target.userId}/_deactivate`,
      { form: { _csrf: token }, headers: { 'accept-language': 'de' } },
    );
    expect(posted.status()).to.equal(403);
    expect(await posted.text()).to.contain('Nicht erlaubt');
    const still = await service.call('GET', `/management/v1/users/${target.userId}`, {
      token: await service.token(viewer.userId),
    });
    expect(still.body.user.state).to.equal('USER_STATE_ACTIVE');
    await context.close();
  });
});
