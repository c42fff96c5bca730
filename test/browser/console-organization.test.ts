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
import { IDPS, oidcProvider } from '../support/identity-providers.js';
import { solidPng } from '../support/images.js';

/**
 * The console's Organization section as an organization owner uses it, in headless Chromium
 * through the sign-in: a member added with a role; a machine user made, a member too, given a
 * personal access token read once from the page that works against the API and is not shown
 * again; a branding colour previewed and saved; a generic OIDC provider added and offered by the
 * login policy; sixty providers paged, 1,001 all offered by the login policy, and a machine
 * user's tokens and keys each on its own. A read-only viewer (who does not read the
 * organization) has no such section. axe-core checks every page.
 */
describe('the admin console: organization, in headless Chromium', function () {
  this.timeout(300_000);
  const both = consoleAndService();
  const suffix = randomBytes(3).toString('hex');
  let orgId: string;
  let owner: ConsolePerson;

  before(async function () {
    this.timeout(600_000);
    orgId = (await buildOrg(both.service)).orgId;
    owner = await consolePerson(both.service, orgId, `owner-${suffix}`, ['ORG_OWNER']);
  });

  /** Checks the page with axe-core: no serious or critical violation. */
  const accessible = async (page: Page) =>
    expect(await seriousAccessibilityViolations(page), page.url()).to.deep.equal([]);

  const url = (path: string) => `${both.service.config.publicUrl}/ui/console/${path}`;

  /**
   * An owner of a new organization and `count` generic OIDC providers it added over the API
   * (`prefix` and a number as their names, seven at a time); their ids.
   */
  const ownerWithProviders = async (userName: string, count: number, prefix: string) => {
    const { service } = both;
    const own = (await buildOrg(service)).orgId;
    const admin = await consolePerson(service, own, userName, ['ORG_OWNER']);
    const token = await service.token(admin.userId);
    const ids: string[] = [];
    const digits = String(count - 1).length;
    for (let i = 0; i < count; i += 7)
      await Promise.all(
        Array.from({ length: Math.min(7, count - i) }, async (_, at) => {
          const name = `${prefix} ${String(i + at).padStart(digits, '0')} ${suffix}`;
          const added = await service.call('POST', `${IDPS.org}/generic_oidc`, {
            token,
            body: oidcProvider({ name }),
          });
          expect(added.status, added.text).to.equal(200);
          ids.push(added.body.id as string);
        }),
      );
    return { admin, token, ids };
  };

  /** Adds `userName` as a member with `role` on the organization's page. */
  const addMember = async (page: Page, userName: string, role: string) => {
    await page.goto(url('organization'));
    await page.fill('#field-userName', userName);
    await page.check(`#role-${role}`);
    await page.click('form.add-member button[type=submit]');
    await page.waitForURL(/done=added/);
  };

  it('an owner adds a member with a role and sees them listed', async () => {
    const { browser, service } = both;
    const person = await consolePerson(service, orgId, `member-${suffix}`, []);
    const { page, context, violations } = await signedInConsole(browser, service, owner);
    await page.click('.console-bar nav a:has-text("Organization")');
    await page.waitForURL(/\/ui\/console\/organization$/);
    expect(await page.textContent('.state')).to.equal('Active');
    expect(await page.textContent('table.members')).to.contain(owner.userName);
    await accessible(page);

    // No role ticked: said beside the roles, nothing written.
    await page.fill('#field-userName', person.userName);
    await page.click('form.add-member button[type=submit]');
    expect(await page.textContent('#roles-error')).to.contain('Choose at least one role');
    await accessible(page);
    // An unknown user name: said beside the field.
    await page.fill('#field-userName', `nobody-${suffix}`);
    await page.check('#role-ORG_USER_VIEWER');
    await page.click('form.add-member button[type=submit]');
    expect(await page.getAttribute('#field-userName', 'aria-invalid')).to.equal('true');

    await addMember(page, person.userName.toUpperCase(), 'ORG_USER_MANAGER');
    expect(await page.textContent('.notice')).to.contain('The member was added.');
    const row = page.locator('table.members tr', { hasText: person.userName });
    expect(await row.textContent()).to.contain('User manager');
    await accessible(page);

    // Its roles changed in one step (UpdateOrgMember).
    await row.locator('a:has-text("Change roles")').click();
    await page.waitForURL(/\/organization\/members\/[^/?]+$/);
    expect(await page.isChecked('#role-ORG_USER_MANAGER')).to.equal(true);
    await accessible(page);
    await page.uncheck('#role-ORG_USER_MANAGER');
    await page.click('form button:has-text("Save")');
    expect(await page.textContent('#roles-error')).to.contain('Choose at least one role');
    await page.check('#role-ORG_USER_VIEWER');
    await page.check('#role-ORG_PROJECT_VIEWER');
    await page.click('form button:has-text("Save")');
    await page.waitForURL(/done=changed/);
    expect(await page.textContent('.notice')).to.contain('roles were changed');
    const changed = await row.textContent();
    expect(changed).not.to.contain('User manager');
    expect(changed).to.contain('User viewer');
    // Someone else changes the members meanwhile: said, nothing overwritten.
    await row.locator('a:has-text("Change roles")').click();
    await page.waitForURL(/\/organization\/members\//);
    const other = await service.call('PUT', `/management/v1/orgs/me/members/${person.userId}`, {
      token: await service.token(owner.userId),
      body: { roles: ['ORG_PROJECT_OWNER'] },
    });
    expect(other.status, other.text).to.equal(200);
    await page.check('#role-ORG_OWNER');
    const [conflict] = await Promise.all([
      page.waitForNavigation(),
      page.click('form button:has-text("Save")'),
    ]);
    expect(conflict!.status()).to.equal(412);
    await page.goto(url('organization'));
    const kept = await row.textContent();
    expect(kept, 'the other change kept, ours not made').to.contain('Project owner');
    expect(kept).not.to.contain('User viewer');
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();

    // In German, by the browser's language.
    const german = await signedInConsole(browser, service, owner, 'de');
    await german.page.goto(url('organization'));
    expect(await german.page.textContent('#members')).to.equal('Mitglieder');
    expect(await german.page.textContent('.sub-nav')).to.contain('Maschinenbenutzer');
    await accessible(german.page);
    await german.context.close();
  });

  it('makes a machine user, gives it a personal access token shown once, which works against the API', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, owner);
    await page.goto(url('organization/machines'));
    await accessible(page);
    await page.fill('#field-userName', `robot-${suffix}`);
    await page.fill('#field-name', 'Robot');
    await page.click('button:has-text("Add a machine user")');
    await page.waitForURL(/\/organization\/machines\/[^/?]+\?after=.*done=added/);
    const machineId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.textContent('h1')).to.equal('Robot');
    await accessible(page);

    // A member, so that its token may read users.
    await addMember(page, `robot-${suffix}`, 'ORG_USER_VIEWER');
    expect(await page.textContent('table.members')).to.contain(`robot-${suffix}`);

    await page.goto(url(`organization/machines/${machineId}`));
    const [answer] = await Promise.all([
      page.waitForNavigation(),
      page.click('button:has-text("Add a personal access token")'),
    ]);
    expect(answer!.status()).to.equal(200);
    expect(answer!.headers()['cache-control']).to.equal('no-store');
    expect(await page.textContent('h1')).to.equal('New personal access token');
    expect(await page.textContent('.notice')).to.contain('shown only this once');
    const token = (await page.inputValue('textarea.new-secret')).trim();
    expect(token).to.match(/^pat_/);
    expect(page.url()).not.to.contain(token);
    await accessible(page);

    const read = await service.call('GET', `/management/v1/users/${machineId}`, { token });
    expect(read.status, read.text).to.equal(200);
    expect(read.body.user.userName).to.equal(`robot-${suffix}`);

    await page.click('a:has-text("Back to Robot")');
    await page.waitForURL(new RegExp(`/machines/${machineId}\\?after=`));
    await page.reload();
    expect(await page.content()).not.to.contain(token);
    expect(await page.locator('section:has(#tokens) table tbody tr').count()).to.equal(1);
    await accessible(page);

    // A client secret, shown once too; a key file, in JSON.
    await page.click('button:has-text("Generate a client secret")');
    expect(await page.textContent('h1')).to.equal('New client secret');
    expect(await page.locator('textarea.new-secret').count()).to.equal(2);
    await accessible(page);
    await page.goto(url(`organization/machines/${machineId}`));
    await page.click('button:has-text("Add a key")');
    expect(await page.textContent('h1')).to.equal('New key');
    const key = JSON.parse(await page.inputValue('textarea.new-secret')) as Record<string, string>;
    expect(key.userId).to.equal(machineId);
    // The same key as a file to save.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('a:has-text("Download the key file")'),
    ]);
    expect(download.suggestedFilename()).to.equal(`${key.keyId}.json`);
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString())).to.deep.equal(key);
    await accessible(page);

    // The token removed: the API refuses it.
    await page.goto(url(`organization/machines/${machineId}`));
    await page.click('section:has(#tokens) button:has-text("Remove token")');
    await page.waitForURL(/done=tokenRemoved/);
    const refused = await service.call('GET', `/management/v1/users/${machineId}`, { token });
    expect(refused.status).to.equal(401);

    await page.click('a:has-text("Remove")');
    expect(await page.textContent('h1')).to.equal('Remove Robot?');
    await accessible(page);
    await page.click('button:has-text("Yes, remove")');
    await page.waitForURL(/\/organization\/machines\?after=/);
    expect(await page.locator(`a:has-text("robot-${suffix}")`).count()).to.equal(0);
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('previews a branding colour before saving, saves it, and the preview shows it', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, owner);
    await page.goto(url('organization/branding'));
    await accessible(page);
    const buttonColour = () =>
      page.evaluate<string>(
        "getComputedStyle(document.querySelector('.signin-preview .preview-button')).backgroundColor",
      );
    expect(await buttonColour()).to.equal('rgb(41, 82, 204)');

    await page.fill('#field-primaryColor', '#1a5e20');
    await page.check('#check-hideServiceName');
    await page.click('button:has-text("Preview without saving")');
    expect(await page.textContent('#preview ~ p')).to.contain('not saved yet');
    expect(await buttonColour()).to.equal('rgb(26, 94, 32)');
    expect(await page.locator('.signin-preview .service-name').count()).to.equal(0);
    await accessible(page);

    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=saved/);
    expect(await page.inputValue('#field-primaryColor')).to.equal('#1a5e20');
    expect(await buttonColour()).to.equal('rgb(26, 94, 32)');
    await accessible(page);

    // A colour the API refuses is said beside its field.
    await page.fill('#field-fontColor', 'blue');
    await page.click('button:has-text("Save")');
    expect(await page.getAttribute('#field-fontColor', 'aria-invalid')).to.equal('true');
    await accessible(page);
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('uploads a logo, previews it, keeps it when the colours are saved, and removes it', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, owner);
    const storedLogo = async () => {
      const [row] = (await service.dataSource.query(
        'SELECT logo FROM label_policies WHERE owner_id = ? AND active = 1',
        [orgId],
      )) as { logo: Buffer | null }[];
      return row?.logo ?? null;
    };
    const logo = solidPng('#d02090');
    await page.goto(url('organization/branding'));
    await page.setInputFiles('#field-logoFile', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    await page.click('button:has-text("Preview without saving")');
    const previewed = await page.getAttribute('.signin-preview img.logo', 'src');
    expect(previewed).to.equal(`data:image/png;base64,${logo.toString('base64')}`);
    await accessible(page);
    // Saved after the preview without choosing the file again: the previewed logo.
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=saved/);
    expect(Buffer.compare((await storedLogo())!, logo)).to.equal(0);

    // The colours saved with no new file: the logo is kept.
    await page.fill('#field-primaryColor', '#223344');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=saved/);
    expect(Buffer.compare((await storedLogo())!, logo)).to.equal(0);
    expect(await page.getAttribute('.signin-preview img.logo', 'src')).to.equal(previewed);

    // A file that is no image: the API's violation beside the field, nothing saved.
    await page.setInputFiles('#field-logoFile', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await page.click('button:has-text("Save")');
    expect(await page.getAttribute('#field-logoFile', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#field-logoFile-error')).to.contain('PNG, JPEG, GIF or WebP');
    await accessible(page);
    expect(Buffer.compare((await storedLogo())!, logo)).to.equal(0);

    await page.goto(url('organization/branding'));
    await page.check('#check-removeLogo');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=saved/);
    expect(await storedLogo()).to.equal(null);
    expect(await page.locator('.signin-preview img.logo').count()).to.equal(0);
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('adds a generic OIDC provider, never showing its secret, and offers it in the login policy', async () => {
    const { browser, service } = both;
    const { page, context, violations } = await signedInConsole(browser, service, owner);
    const secret = `very-secret-${suffix}`;
    await page.goto(url('organization/idps'));
    await accessible(page);
    await page.fill('#field-name', `Partner ${suffix}`);
    await page.fill('#field-issuer', 'https://accounts.example.com');
    await page.fill('#field-clientId', 'console-test');
    await page.fill('#field-clientSecret', secret);
    await page.click('form.oidc-form button[type=submit]');
    await page.waitForURL(/done=added/);
    expect(await page.textContent('table.providers')).to.contain(`Partner ${suffix}`);
    expect(await page.content()).not.to.contain(secret);
    await accessible(page);

    // Changed with the secret left empty: it is kept, and not shown in the form.
    await page.click(`a:has-text("Change Partner ${suffix}")`);
    const idpId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.inputValue('#field-clientSecret')).to.equal('');
    expect(await page.content()).not.to.contain(secret);
    await accessible(page);
    await page.fill('#field-clientId', 'console-test-2');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=updated/);
    expect(await page.textContent('.notice')).to.contain('changed');
    const changed = await service.call('GET', `/management/v1/idps/templates/${idpId}`, {
      token: await service.token(owner.userId),
    });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body.idp.config.oidc.clientId).to.equal('console-test-2');

    // Its deletion asks first; cancelled here.
    await page.click(`a:has-text("Delete Partner ${suffix}")`);
    expect(await page.textContent('h1')).to.equal(`Delete Partner ${suffix}?`);
    await accessible(page);
    await page.click('a:has-text("Cancel")');
    await page.waitForURL(/\/organization\/idps$/);

    await page.click('.sub-nav a:has-text("Login policy")');
    await page.waitForURL(/\/organization\/login-policy$/);
    await accessible(page);
    await page.selectOption('#field-idpId', { label: `Partner ${suffix} (This organization)` });
    await page.click('button:has-text("Offer at sign-in")');
    await page.waitForURL(/done=idpAdded/);
    expect(await page.textContent('ul.policy-idps')).to.contain(`Partner ${suffix}`);
    await accessible(page);

    await page.check('#check-allowExternalIdp');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=saved/);
    expect(await page.isChecked('#check-allowExternalIdp')).to.equal(true);
    await accessible(page);

    const token = await service.token(owner.userId);
    const policy = await service.call('GET', '/management/v1/policies/login', { token });
    expect(policy.status, policy.text).to.equal(200);
    expect(policy.body.policy.allowExternalIdp).to.equal(true);
    expect(policy.body.policy.idps.map((idp: { idpName: string }) => idp.idpName)).to.include(
      `Partner ${suffix}`,
    );
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it("pages a machine user's 55 tokens and 52 keys each on its own, the other list staying where it was", async () => {
    const { browser, service } = both;
    const token = await service.token(owner.userId);
    const made = await service.call('POST', '/management/v1/users/machine', {
      token,
      body: { userName: `many-${suffix}`, name: 'Many credentials' },
    });
    expect(made.status, made.text).to.equal(200);
    const base = `/management/v1/users/${made.body.userId}`;
    for (let i = 0; i < 55; i++) {
      const added = await service.call('POST', `${base}/pats`, { token, body: {} });
      expect(added.status, added.text).to.equal(200);
    }
    for (let i = 0; i < 52; i++) {
      const added = await service.call('POST', `${base}/keys`, {
        token,
        body: { type: 'KEY_TYPE_JSON' },
      });
      expect(added.status, added.text).to.equal(200);
    }
    // Each list as its operation answers it in one call, newest first as the page lists them.
    const idsOf = async (path: string) => {
      const listed = await service.call('POST', `${base}/${path}/_search`, {
        token,
        body: { query: { limit: 1000 } },
      });
      expect(listed.status, listed.text).to.equal(200);
      return (listed.body.result as { id: string }[]).map(({ id }) => id);
    };
    const [tokenIds, keyIds] = [await idsOf('pats'), await idsOf('keys')];
    expect([tokenIds.length, keyIds.length]).to.deep.equal([55, 52]);

    const { page, context } = await signedInConsole(browser, service, owner);
    await page.goto(url(`organization/machines/${made.body.userId}`));
    const section = (id: string) => page.locator(`section:has(#${id})`);
    const shown = (id: string) =>
      section(id).locator('table tbody td:first-child code').allTextContents();
    const says = (id: string) => section(id).locator('nav.pages span').textContent();
    expect(await shown('tokens')).to.deep.equal(tokenIds.slice(0, 50));
    expect(await shown('keys')).to.deep.equal(keyIds.slice(0, 50));
    expect([await says('tokens'), await says('keys')]).to.deep.equal(['1–50 of 55', '1–50 of 52']);
    await accessible(page);

    await section('tokens').locator('nav.pages a:has-text("Next page")').click();
    await page.waitForURL(/tokensCursor=.*#tokens$/);
    expect(await shown('tokens')).to.deep.equal(tokenIds.slice(50));
    expect(await shown('keys')).to.deep.equal(keyIds.slice(0, 50));
    await section('keys').locator('nav.pages a:has-text("Next page")').click();
    await page.waitForURL(/keysCursor=.*#keys$/);
    expect(await shown('keys')).to.deep.equal(keyIds.slice(50));
    expect(await shown('tokens'), 'the tokens stay on their page').to.deep.equal(
      tokenIds.slice(50),
    );
    expect([await says('tokens'), await says('keys')]).to.deep.equal([
      '51–55 of 55',
      '51–52 of 52',
    ]);
    await accessible(page);

    await section('tokens').locator('nav.pages a:has-text("Previous page")').click();
    expect(await shown('tokens')).to.deep.equal(tokenIds.slice(0, 50));
    expect(await shown('keys'), 'the keys stay on their page').to.deep.equal(keyIds.slice(50));
    await context.close();
  });

  it('pages 60 identity providers by Next to the last and by Previous back, each once', async () => {
    const { browser, service } = both;
    const { admin, token } = await ownerWithProviders(`idps-${suffix}`, 60, 'Provider');
    // What ListProviders answers in one call, newest first as the page lists them, the instance's
    // providers too.
    const all = await service.call('POST', `${IDPS.org}/templates/_search`, {
      token,
      body: { query: { limit: 1000 } },
    });
    expect(all.status, all.text).to.equal(200);
    const names = (all.body.result as { name: string }[]).map(({ name }) => name);
    expect(names.filter((name) => name.endsWith(suffix))).to.have.length(60);

    const { page, context } = await signedInConsole(browser, service, admin);
    await page.goto(url('organization/idps'));
    const shown = () => page.locator('table.providers tbody th').allTextContents();
    const pagesSay = () => page.textContent('nav.pages span');
    const forth: string[][] = [await shown()];
    expect(await pagesSay()).to.equal(`1–50 of ${names.length}`);
    await accessible(page);
    while ((await page.locator('nav.pages a:has-text("Next page")').count()) > 0) {
      await page.click('nav.pages a:has-text("Next page")');
      forth.push(await shown());
    }
    expect(forth).to.have.length(2);
    expect(forth.flat()).to.deep.equal(names);
    await page.click('nav.pages a:has-text("Previous page")');
    expect(await shown()).to.deep.equal(forth[0]);
    expect(await pagesSay()).to.equal(`1–50 of ${names.length}`);
    await context.close();
  });

  it('offers every one of 1,001 active providers in the login policy, past the API’s thousand a call', async () => {
    const { browser, service } = both;
    const { admin, token, ids } = await ownerWithProviders(`policy-${suffix}`, 1001, 'Offered');
    const { page, context } = await signedInConsole(browser, service, admin);
    await page.goto(url('organization/login-policy'));
    const offered = await page
      .locator('#field-idpId option')
      .evaluateAll((options) =>
        options.map((option) => (option as unknown as { value: string }).value),
      );
    // The organization's own, each once (the instance's active providers are offered too).
    expect(offered.filter((id) => ids.includes(id)).sort()).to.deep.equal([...ids].sort());
    expect(new Set(offered).size).to.equal(offered.length);

    const newest = ids.reduce((last, id) => (id > last ? id : last));
    await page.selectOption('#field-idpId', newest);
    await page.click('button:has-text("Offer at sign-in")');
    await page.waitForURL(/done=idpAdded/);
    const policy = await service.call('GET', '/management/v1/policies/login', { token });
    expect(policy.status, policy.text).to.equal(200);
    expect(policy.body.policy.idps.map(({ idpId }: { idpId: string }) => idpId)).to.deep.equal([
      newest,
    ]);
    expect(await page.locator(`#field-idpId option[value="${newest}"]`).count()).to.equal(0);
    await context.close();
  });

  it('a read-only viewer has no organization section: not in the navigation, and 403 at its address', async () => {
    const { browser, service } = both;
    const viewer = await consolePerson(service, orgId, `viewer-${suffix}`, [
      'ORG_USER_VIEWER',
      'ORG_PROJECT_VIEWER',
    ]);
    const { page, context } = await signedInConsole(browser, service, viewer);
    expect(await page.locator('.console-bar nav a:has-text("Organization")').count()).to.equal(0);
    for (const path of ['organization', 'organization/machines', 'organization/branding']) {
      const answer = await page.goto(url(path));
      expect(answer!.status(), path).to.equal(403);
      expect(await page.textContent('h1')).to.equal('Not allowed');
    }
    await accessible(page);
    await context.close();
  });
});
