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

/**
 * The console's Organizations page, in headless Chromium through the sign-in: an instance
 * administrator finds another organization by the start of its name, works in it (its users
 * listed, its name in the bar), and back in their own; an organization owner without an instance
 * role sees no such page, and a choice posted anyway is refused.
 */
describe('the admin console: choosing the organization, in headless Chromium', function () {
  this.timeout(300_000);
  const both = consoleAndService();
  const suffix = randomBytes(3).toString('hex');
  const home = { name: `Home ${suffix}`, orgId: '' };
  const other = { name: `Zephyr ${suffix}`, orgId: '' };
  let administrator: ConsolePerson;
  let owner: ConsolePerson;

  before(async function () {
    this.timeout(600_000);
    const { service } = both;
    home.orgId = (await buildOrg(service, { name: home.name })).orgId;
    other.orgId = (await buildOrg(service, { name: other.name })).orgId;
    administrator = await consolePerson(service, home.orgId, `instance-${suffix}`, ['IAM_OWNER']);
    owner = await consolePerson(service, home.orgId, `owner-${suffix}`, ['ORG_OWNER']);
    // A person of the other organization, shown by the read model before the pages are opened.
    const theirOwner = await consolePerson(service, other.orgId, `zed-${suffix}`, ['ORG_OWNER']);
    const shown = await service.call('POST', '/management/v1/users/_search', {
      token: await service.token(theirOwner.userId),
      body: { query: { limit: 1 } },
    });
    expect(shown.status, shown.text).to.equal(200);
  });

  const accessible = async (page: Page) =>
    expect(await seriousAccessibilityViolations(page), page.url()).to.deep.equal([]);

  const url = (path: string) => `${both.service.config.publicUrl}/ui/console/${path}`;

  /** The user names the users list shows, once the read model shows `expected` among them. */
  const listedUsers = async (page: Page, expected: string) => {
    for (let tries = 0; tries < 50; tries++) {
      await page.goto(url('users'));
      const names = await page.locator('table tbody tr td:first-child').allTextContents();
      if (names.some((name) => name.includes(expected))) return names.join(' ');
      await page.waitForTimeout(200);
    }
    throw new Error(`${expected} never listed`);
  };

  it('an instance administrator works in another organization, and back in their own', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, administrator);
    expect(await page.textContent('.working-in')).to.contain(home.name);
    await page.click('.console-bar nav a:has-text("Organizations")');
    await page.waitForURL(/\/ui\/console\/orgs$/);
    await accessible(page);

    await page.fill('#org-search', other.name.slice(0, 8).toLowerCase());
    await page.click('form.search button[type=submit]');
    await page.waitForURL(/\/orgs\?q=/);
    expect(await page.locator('table tbody tr').count()).to.equal(1);
    await page.click(`button[aria-label="Work here: ${other.name}"]`);
    await page.waitForURL(/\/ui\/console\/users/);
    expect(await page.textContent('.working-in')).to.contain(other.name);
    const there = await listedUsers(page, `zed-${suffix}`);
    expect(there).not.to.contain(`owner-${suffix}`);
    await accessible(page);
    // The organization's own pages are the other's too.
    await page.goto(url('organization'));
    expect(await page.textContent('main dl')).to.contain(other.orgId);

    await page.goto(url(`orgs?q=${encodeURIComponent(home.name)}`));
    expect(await page.textContent('table')).to.contain('your own');
    await page.click(`button[aria-label="Work here: ${home.name}"]`);
    await page.waitForURL(/\/ui\/console\/users/);
    expect(await page.textContent('.working-in')).to.contain(home.name);
    expect(await listedUsers(page, `owner-${suffix}`)).not.to.contain(`zed-${suffix}`);
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('an organization owner has no such page, and a choice posted anyway changes nothing', async () => {
    const { browser, service } = both;
    const { page, context } = await signedInConsole(browser, service, owner);
    expect(await page.locator('.working-in').count()).to.equal(0);
    expect(await page.locator('.console-bar nav a:has-text("Organizations")').count()).to.equal(0);
    const listing = await page.goto(url('orgs'));
    expect(listing!.status()).to.equal(403);

    // A form of the console's own (its CSRF token, the browser's cookies) posting the other one.
    await page.goto(url('users'));
    const answer = await context.request.post(url('orgs/_switch'), {
      form: { _csrf: await page.inputValue('input[name=_csrf]'), orgId: other.orgId },
      maxRedirects: 0,
    });
    expect(answer.status(), await answer.text()).to.equal(403);
    expect(await listedUsers(page, `owner-${suffix}`)).not.to.contain(`zed-${suffix}`);
    await context.close();
  });
});
