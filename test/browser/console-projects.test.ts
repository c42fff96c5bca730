import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { policyViolations } from '../support/browser.js';
import {
  consoleAndService,
  consolePerson,
  signedInConsole,
  type ConsolePerson,
} from '../support/console-browser.js';
import { buildOrg, buildUser } from '../support/factories.js';
import { authorization, discoveredClient } from '../support/relying-party.js';

const ROLES = 'urn:identity:project:roles';

/**
 * The console's Projects section in headless Chromium: an administrator makes a project with a
 * role and an OIDC application (its secret read from the page that answers its creation), grants
 * the role, turns on the role check and assertion; a relying party we did not write
 * (openid-client) then signs the granted person in and sees the role, and someone without it is
 * refused. A read-only viewer sees the pages without forms, and a form they post is refused. A
 * project's 120 roles are paged; its 1,001 roles are all offered in the grant forms.
 * axe-core checks every page.
 */
describe('the admin console: projects, in headless Chromium', function () {
  this.timeout(300_000);
  const both = consoleAndService();
  const suffix = randomBytes(3).toString('hex');
  let orgId: string;
  let orgName: string;
  let administrator: ConsolePerson;
  let member: ConsolePerson;
  let outsider: ConsolePerson;
  let projectId = '';
  let appId = '';

  before(async function () {
    this.timeout(600_000);
    const { service } = both;
    ({ orgId, name: orgName } = await buildOrg(service));
    administrator = await consolePerson(service, orgId, `admin-${suffix}`, ['ORG_OWNER']);
    member = await consolePerson(service, orgId, `buyer-${suffix}`, []);
    outsider = await consolePerson(service, orgId, `browser-${suffix}`, []);
  });

  /** Checks the page with axe-core: no serious or critical violation. */
  const accessible = async (page: Page) =>
    expect(await seriousAccessibilityViolations(page), page.url()).to.deep.equal([]);

  /** A project the administrator made over the API with a role of each key (seven at a time). */
  const projectWithRoles = async (name: string, keys: readonly string[]): Promise<string> => {
    const { service } = both;
    const token = await service.token(administrator.userId);
    const made = await service.call('POST', '/management/v1/projects', { token, body: { name } });
    expect(made.status, made.text).to.equal(200);
    const project = made.body.id as string;
    for (let i = 0; i < keys.length; i += 7)
      await Promise.all(
        keys.slice(i, i + 7).map(async (roleKey) => {
          const added = await service.call('POST', `/management/v1/projects/${project}/roles`, {
            token,
            body: { roleKey, displayName: roleKey },
          });
          expect(added.status, added.text).to.equal(200);
        }),
      );
    return project;
  };

  /** Follows a tab of the project's pages. */
  const tab = async (page: Page, name: string) => {
    await page.click(`nav.tabs a:has-text("${name}")`);
    await page.waitForLoadState('load');
  };

  it('creates a project with an application and a role, grants the role to a user, turns on projectRoleCheck, and a relying party (openid-client) sees the role claim', async () => {
    const { browser, service } = both;
    const { publicUrl } = service.config;
    const { page, context, violations } = await signedInConsole(browser, service, administrator);
    await page.click('.console-bar nav a:has-text("Projects")');
    expect(await page.textContent('h1')).to.equal('Projects');
    await accessible(page);

    // A name the API refuses is said beside the field.
    await page.fill('#field-name', ' ');
    await page.click('button:has-text("Create the project")');
    expect(await page.getAttribute('#field-name', 'aria-invalid')).to.equal('true');
    await accessible(page);
    await page.fill('#field-name', `Shop ${suffix}`);
    await page.click('button:has-text("Create the project")');
    await page.waitForURL(/\/ui\/console\/projects\/[^/?]+\?after=.*done=created/);
    projectId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.textContent('h1')).to.equal(`Shop ${suffix}`);
    expect(await page.textContent('.state')).to.contain('Active');
    expect(await page.textContent('.notice')).to.contain('The project was created.');
    // Each of the four settings says what it does at sign-in.
    for (const setting of ['projectRoleAssertion', 'projectRoleCheck', 'hasProjectCheck'])
      expect(await page.textContent(`#field-${setting}-says`)).to.match(/^At sign-in, /);
    expect(await page.textContent('#field-privateLabelingSetting-says')).to.match(/At sign-in/);
    await accessible(page);

    await tab(page, 'Roles');
    await accessible(page);
    await page.fill('#field-roleKey', 'buyer');
    await page.fill('#field-displayName', 'Buyer');
    await page.click('form[action$="/roles/_add"] button[type=submit]');
    await page.waitForURL(/\/roles\?after=.*done=role/);
    expect(await page.textContent('table.list tbody')).to.contain('buyer');
    await accessible(page);

    await tab(page, 'Applications');
    await accessible(page);
    await page.click('a:has-text("Add an application")');
    await accessible(page);
    const landing = `${publicUrl}/ui/profile`;
    await page.fill('#field-name', 'Shop front');
    await page.fill('#field-redirectUris', 'not a uri');
    await page.check('#field-idTokenRoleAssertion');
    await page.check('#field-accessTokenRoleAssertion');
    await page.click('button:has-text("Add the application")');
    expect(await page.getAttribute('#field-redirectUris', 'aria-invalid')).to.equal('true');
    expect(await page.textContent('#field-redirectUris-error')).to.match(/\S/);
    await accessible(page);
    await page.fill('#field-redirectUris', `${landing}\n`);
    await page.fill('#field-postLogoutRedirectUris', `${publicUrl}/ui/login`);
    const [created] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/apps/_add')),
      page.click('button:has-text("Add the application")'),
    ]);
    // The page answering the POST shows the secret: no redirect, kept by no cache.
    expect(created.status()).to.equal(200);
    expect(created.headers()['cache-control']).to.equal('no-store');
    expect(await page.textContent('h1')).to.equal('Application Shop front added');
    const clientId = await page.inputValue('#client-id');
    const clientSecret = await page.inputValue('#client-secret');
    expect(clientSecret).to.have.length.greaterThan(20);
    expect(page.url()).to.not.contain(clientSecret);
    expect(await page.textContent('.notice')).to.contain('it will not be shown again');
    expect(await page.inputValue('#discovery-url')).to.equal(
      `${publicUrl}/.well-known/openid-configuration`,
    );
    await accessible(page);
    await page.click('a:has-text("To the application’s page")');
    appId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await page.inputValue('#client-id')).to.equal(clientId);
    expect(await page.locator('#client-secret').count()).to.equal(0);
    expect(await page.content()).to.not.contain(clientSecret);
    await accessible(page);

    await tab(page, 'User grants');
    await accessible(page);
    await page.fill('#field-userName', 'nobody-at-all');
    await page.check('#grant-role-0');
    await page.click('form[action$="/user-grants/_add"] button[type=submit]');
    expect(await page.textContent('#field-userName-error')).to.contain('no user');
    await accessible(page);
    // The user name is found whatever its case.
    await page.fill('#field-userName', member.userName.toUpperCase());
    await page.click('form[action$="/user-grants/_add"] button[type=submit]');
    await page.waitForURL(/\/user-grants\?after=.*done=grant/);
    expect(await page.textContent('table.list tbody')).to.contain(member.userName);
    expect(await page.isChecked('#grant-0-role-0')).to.equal(true);
    await accessible(page);

    await tab(page, 'Settings');
    await page.check('#field-projectRoleAssertion');
    await page.check('#field-projectRoleCheck');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=settings/);
    expect(await page.isChecked('#field-projectRoleAssertion')).to.equal(true);
    expect(await page.isChecked('#field-projectRoleCheck')).to.equal(true);
    expect(await page.isChecked('#field-hasProjectCheck')).to.equal(false);

    // A relying party we did not write, configured from the page: the person with the role.
    const client = await discoveredClient(publicUrl, clientId, clientSecret);
    const signIn = async (person: ConsolePerson) => {
      const browsing = await browser.newContext({ locale: 'en' });
      const csp = policyViolations(browsing);
      const rp = await browsing.newPage();
      const { url, checks } = await authorization(client, landing);
      await rp.goto(url);
      await rp.fill('#userName', person.userName);
      await rp.click('button[type=submit]');
      await rp.fill('#password', person.password);
      await rp.click('button[type=submit]');
      await rp.waitForURL(/\/ui\/(profile\?code=|login\/)/);
      return { rp, checks, browsing, csp };
    };
    const granted = await signIn(member);
    expect(granted.rp.url()).to.match(/\/ui\/profile\?code=/);
    const tokens = await oidc.authorizationCodeGrant(
      client,
      new URL(granted.rp.url()),
      granted.checks,
      { resource: apiResource(service.config) },
    );
    const expected = { buyer: { [orgId]: orgName } };
    expect(tokens.claims()![ROLES], 'the ID token').to.deep.equal(expected);
    expect(decodeJwt(tokens.access_token)[ROLES], 'the access token').to.deep.equal(expected);
    // Userinfo answers a token for itself (not the API's): the refresh's.
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    const info = await oidc.fetchUserInfo(client, refreshed.access_token, member.userId);
    expect(info[ROLES], 'userinfo').to.deep.equal(expected);
    expect(info[`urn:identity:project:${projectId}:roles`]).to.deep.equal(expected);
    expect(granted.csp).to.deep.equal([]);
    await granted.browsing.close();

    // Someone without a role of the project is refused at sign-in: projectRoleCheck.
    const refused = await signIn(outsider);
    await refused.rp.waitForSelector('.error');
    expect(await refused.rp.textContent('h1')).to.equal('No access to this application');
    await refused.rp.click('button[type=submit]');
    await refused.rp.waitForURL(/\/ui\/profile\?error=access_denied/);
    await refused.browsing.close();

    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await context.close();
  });

  it('changes a role and the roles of a grant, grants the project to another organization and takes it back; an If-Match conflict is said; deactivation and removal', async () => {
    const { browser, service } = both;
    const { page, context } = await signedInConsole(browser, service, administrator);
    const other = await buildOrg(service);
    await page.goto(`${service.config.publicUrl}/ui/console/projects/${projectId}/roles`);
    await page.click('table.list a:has-text("buyer")');
    expect(await page.textContent('h1')).to.equal('The role Buyer');
    await accessible(page);
    await page.fill('#field-displayName', 'Buyer of goods');
    await page.fill('#field-group', 'Shop');
    await page.click('button:has-text("Save")');
    await page.waitForURL(/done=roleChanged/);
    expect(await page.textContent('table.list tbody')).to.contain('Buyer of goods');

    // A grant's roles changed in place (UpdateUserGrant): none left, the grant kept.
    await tab(page, 'User grants');
    await page.uncheck('#grant-0-role-0');
    await page.click(`button:has-text("Save the roles of ${member.userName}")`);
    await page.waitForURL(/done=grantChanged/);
    expect(await page.isChecked('#grant-0-role-0')).to.equal(false);
    expect(await page.textContent('table.list tbody')).to.contain(member.userName);

    await page.goto(`${service.config.publicUrl}/ui/console/projects/${projectId}/project-grants`);
    expect(await page.textContent('main')).to.contain('granted to no other organization');
    await accessible(page);
    await page.fill('#field-grantedOrgId', other.orgId);
    await page.check('#project-grant-role-0');
    await page.click('form[action$="/project-grants/_add"] button[type=submit]');
    await page.waitForURL(/done=projectGrant/);
    expect(await page.textContent('table.list tbody')).to.contain(other.name);
    expect(await page.textContent('table.list tbody')).to.contain('buyer');
    await accessible(page);
    await page.click(`button:has-text("Remove the grant to ${other.name}")`);
    await page.waitForURL(/done=projectGrantRemoved/);
    expect(await page.locator('table.list').count()).to.equal(0);

    // Someone else changes the project after the settings form was opened: not overwritten.
    await tab(page, 'Settings');
    const owner = await consolePerson(service, orgId, `owner-${suffix}`, ['ORG_OWNER']);
    const changed = await service.call('PUT', `/management/v1/projects/${projectId}`, {
      token: await service.token(owner.userId),
      body: { name: `Shop ${suffix} renamed`, projectRoleAssertion: true, projectRoleCheck: true },
    });
    expect(changed.status, changed.text).to.equal(200);
    await page.check('#field-hasProjectCheck');
    await page.click('button:has-text("Save")');
    expect(await page.textContent('h1')).to.equal('Changed by someone else');
    await accessible(page);
    await page.click('a:has-text("Reload")');
    expect(await page.inputValue('#field-name')).to.equal(`Shop ${suffix} renamed`);

    // Deactivated and reactivated; then another project removed after its confirmation.
    await page.click('button:has-text("Deactivate the project")');
    await page.waitForURL(/done=deactivated/);
    expect(await page.textContent('.state')).to.contain('Inactive');
    await page.click('button:has-text("Reactivate the project")');
    await page.waitForURL(/done=reactivated/);
    expect(await page.textContent('.state')).to.contain('Active');

    await page.goto(`${service.config.publicUrl}/ui/console/projects`);
    await page.fill('#field-name', `Leftover ${suffix}`);
    await page.click('button:has-text("Create the project")');
    await page.waitForURL(/done=created/);
    await page.click('a:has-text("Remove the project")');
    expect(await page.textContent('h1')).to.equal(`Remove Leftover ${suffix}?`);
    await accessible(page);
    await page.click('button:has-text("Yes, remove the project")');
    await page.waitForURL(/\/ui\/console\/projects\?after=/);
    expect(await page.textContent('main')).to.not.contain(`Leftover ${suffix}`);
    expect(await page.textContent('main')).to.contain(`Shop ${suffix} renamed`);
    await context.close();
  });

  it('a read-only viewer sees the project pages (in German) without any form that writes, and a posted form is refused', async () => {
    const { browser, service } = both;
    const viewer = await consolePerson(service, orgId, `viewer-${suffix}`, [
      'ORG_USER_VIEWER',
      'ORG_PROJECT_VIEWER',
    ]);
    const { page, context } = await signedInConsole(browser, service, viewer, 'de');
    const base = `${service.config.publicUrl}/ui/console/projects`;
    for (const path of [
      '',
      `/${projectId}`,
      `/${projectId}/roles`,
      `/${projectId}/apps`,
      `/${projectId}/apps/${appId}`,
      `/${projectId}/user-grants`,
      `/${projectId}/project-grants`,
    ]) {
      const answer = await page.goto(`${base}${path}`);
      expect(answer?.status(), path).to.equal(200);
      expect(await page.locator('main form').count(), path).to.equal(0);
      expect(await page.locator('form[action*="/_"]').count(), path).to.equal(0);
      await accessible(page);
    }
    await page.goto(`${base}/${projectId}`);
    expect(await page.textContent('dl.settings')).to.contain('Bei der Anmeldung');
    expect(await page.textContent('nav.tabs')).to.contain('Projektfreigaben');
    await page.goto(`${base}/${projectId}/user-grants`);
    expect(await page.textContent('table.list tbody')).to.contain(member.userName);

    // The viewer's own form token, posted straight to the forms: refused by the operations.
    const token = await page.inputValue('form.who input[name=_csrf]');
    for (const [path, form] of [
      [`/${projectId}/_settings`, { name: 'Taken over', projectRoleCheck: '0' }],
      [`/${projectId}/roles/_add`, { roleKey: 'intruder', displayName: 'Intruder' }],
      [`/_add`, { name: `Viewer's ${suffix}` }],
    ] as const) {
      const posted = await page.request.post(`${base}${path}`, {
        form: { _csrf: token, ...form },
        headers: { 'accept-language': 'de' },
      });
      expect(posted.status(), path).to.equal(403);
      expect(await posted.text()).to.contain('Nicht erlaubt');
    }
    const still = await service.call('GET', `/management/v1/projects/${projectId}`, {
      token: await service.token(viewer.userId),
    });
    expect(still.body.project.name).to.equal(`Shop ${suffix} renamed`);
    await context.close();
  });

  it("pages a project's 120 roles by Next to the last and by Previous back, each once; a forged cursor is refused, not a failure", async () => {
    const { browser, service } = both;
    const keys = Array.from({ length: 120 }, (_, i) => `role-${String(i).padStart(3, '0')}`);
    const project = await projectWithRoles(`Many roles ${suffix}`, keys);
    const { page, context } = await signedInConsole(browser, service, administrator);
    const rolesUrl = `${service.config.publicUrl}/ui/console/projects/${project}/roles`;
    await page.goto(rolesUrl);
    const shownKeys = () => page.locator('table tbody td:first-child code').allTextContents();
    const pagesSay = () => page.textContent('nav.pages span');
    const forth: string[][] = [await shownKeys()];
    expect(await pagesSay()).to.equal('1–50 of 120');
    await accessible(page);
    while ((await page.locator('nav.pages a:has-text("Next page")').count()) > 0) {
      await page.click('nav.pages a:has-text("Next page")');
      forth.push(await shownKeys());
    }
    expect(await pagesSay()).to.equal('101–120 of 120');
    expect(forth.flat()).to.deep.equal(keys);
    const back: string[][] = [await shownKeys()];
    while ((await page.locator('nav.pages a:has-text("Previous page")').count()) > 0) {
      await page.click('nav.pages a:has-text("Previous page")');
      back.unshift(await shownKeys());
    }
    expect(back).to.deep.equal(forth);
    expect(await pagesSay()).to.equal('1–50 of 120');

    const forged = await page.goto(`${rolesUrl}?cursor=not-a-cursor&at=50`);
    expect(forged!.status()).to.equal(400);
    await context.close();
  });

  it("offers all of a project's 1,001 roles in the grant forms, and saving a grant keeps the one it holds past the thousandth", async () => {
    const { browser, service } = both;
    const token = await service.token(administrator.userId);
    const keys = Array.from({ length: 1001 }, (_, i) => `r-${String(i).padStart(4, '0')}`);
    const project = await projectWithRoles(`Thousand roles ${suffix}`, keys);
    const last = keys.at(-1)!;
    const granted = await service.call('POST', `/management/v1/users/${member.userId}/grants`, {
      token,
      body: { projectId: project, roleKeys: [last] },
    });
    expect(granted.status, granted.text).to.equal(200);

    const { page, context } = await signedInConsole(browser, service, administrator);
    await page.goto(`${service.config.publicUrl}/ui/console/projects/${project}/user-grants`);
    const grantForm = page.locator('form.grant-roles');
    const offered = (form: typeof grantForm) =>
      form
        .locator('input[name=roleKeys]')
        .evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    expect(await offered(grantForm)).to.deep.equal(keys);
    expect(await offered(page.locator('form[action$="/user-grants/_add"]'))).to.deep.equal(keys);
    const ticked = await grantForm
      .locator('input[name=roleKeys]:checked')
      .evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    expect(ticked).to.deep.equal([last]);

    // Saved as it is: UpdateUserGrant gets the role back, and the grant keeps it.
    await grantForm.locator('button[type=submit]').click();
    await page.waitForURL(/done=grantChanged/);
    const grants = await service.call('POST', '/management/v1/users/grants/_search', {
      token,
      body: { queries: [{ projectIdQuery: { projectId: project } }] },
    });
    expect(grants.status, grants.text).to.equal(200);
    expect(grants.body.result.map((grant: { roleKeys: string[] }) => grant.roleKeys)).to.deep.equal(
      [[last]],
    );
    await context.close();
  });

  it("filters the grant forms' roles, keeps a grant's roles the filter hides, and takes a grant of 100 roles of 200 four-byte characters (101 are refused beside the roles)", async () => {
    const { browser, service } = both;
    const token = await service.token(administrator.userId);
    // 200 characters each (a four-byte emoji, then three digits), the most a role key holds.
    const long = Array.from(
      { length: 101 },
      (_, i) => `${'😀'.repeat(197)}${String(i).padStart(3, '0')}`,
    );
    const project = await projectWithRoles(`Filtered roles ${suffix}`, [
      'billing-read',
      'billing-write',
      'support',
      ...long,
    ]);
    const granted = await service.call('POST', `/management/v1/users/${member.userId}/grants`, {
      token,
      body: { projectId: project, roleKeys: ['support'] },
    });
    expect(granted.status, granted.text).to.equal(200);
    const grantsOf = async (userId: string) => {
      const listed = await service.call('POST', '/management/v1/users/grants/_search', {
        token,
        body: {
          queries: [{ projectIdQuery: { projectId: project } }, { userIdQuery: { userId } }],
        },
      });
      expect(listed.status, listed.text).to.equal(200);
      return listed.body.result.map((grant: { roleKeys: string[] }) => [...grant.roleKeys].sort());
    };
    const values = (boxes: ReturnType<Page['locator']>) =>
      boxes.evaluateAll((each) => each.map((box) => (box as unknown as { value: string }).value));

    const { page, context } = await signedInConsole(browser, service, administrator);
    await page.goto(`${service.config.publicUrl}/ui/console/projects/${project}/user-grants`);
    await page.fill('#role-filter', 'BILLING');
    await page.click('form[role=search] button[type=submit]');
    await page.waitForURL(/roles=BILLING/);
    await accessible(page);
    const grantForm = page.locator('form.grant-roles');
    expect(await values(grantForm.locator('input[type=checkbox]'))).to.deep.equal([
      'billing-read',
      'billing-write',
    ]);
    expect(await page.locator('main').innerText()).to.contain("2 of the project's 104 roles");
    // The role the filter hides goes with the form as it is.
    await grantForm.locator('input[value="billing-write"]').check();
    await grantForm.locator('button[type=submit]').click();
    await page.waitForURL(/done=grantChanged/);
    expect(new URL(page.url()).searchParams.get('roles')).to.equal('BILLING');
    expect(await grantsOf(member.userId)).to.deep.equal([['billing-write', 'support']]);

    // A new grant of every long role: 101 are one too many, said beside the roles; 100 are made.
    await page.fill('#role-filter', '😀');
    await page.click('form[role=search] button[type=submit]');
    await page.waitForLoadState('load');
    const addForm = page.locator('form[action*="/user-grants/_add"]');
    expect(await values(addForm.locator('input[type=checkbox]'))).to.deep.equal(long);
    await addForm.locator('input[name=userName]').fill(outsider.userName);
    await addForm
      .locator('input[type=checkbox]')
      .evaluateAll((boxes) =>
        boxes.forEach((box) => ((box as unknown as { checked: boolean }).checked = true)),
      );
    await addForm.locator('button[type=submit]').click();
    await page.waitForLoadState('load');
    expect(await addForm.locator('fieldset.invalid [role=alert]').innerText()).to.contain('100');
    expect(await grantsOf(outsider.userId)).to.deep.equal([]);
    await addForm.locator(`input[value="${long.at(-1)}"]`).uncheck();
    await addForm.locator('button[type=submit]').click();
    await page.waitForURL(/done=grant\b/);
    expect(await grantsOf(outsider.userId)).to.deep.equal([long.slice(0, 100).sort()]);

    // The filter stays on the list's next page (50 grants a page).
    let sequence = '0';
    for (let i = 0; i < 50; i++) {
      const { userId } = await buildUser(service, { orgId });
      const more = await service.call('POST', `/management/v1/users/${userId}/grants`, {
        token,
        body: { projectId: project, roleKeys: ['support'] },
      });
      expect(more.status, more.text).to.equal(200);
      sequence = more.body.details.sequence;
    }
    await page.goto(
      `${service.config.publicUrl}/ui/console/projects/${project}/user-grants?roles=billing&after=${sequence}`,
    );
    await page.click('nav.pages a:has-text("Next")');
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.get('roles')).to.equal('billing');
    expect(
      await values(page.locator('form.grant-roles').first().locator('input[type=checkbox]')),
    ).to.deep.equal(['billing-read', 'billing-write']);
    await context.close();
  });
});
