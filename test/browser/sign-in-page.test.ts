import { expect } from 'chai';
import * as oidc from 'openid-client';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { minimalImport } from '../support/requests.js';
import { chromiumAndService, policyViolations } from '../support/browser.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { authorization, discoveredClient, relyingParty } from '../support/relying-party.js';

const PASSWORD = 'Zoo-keeper-1!';
const BCRYPT = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;

describe('the sign-in pages in headless Chromium', function () {
  this.timeout(120_000);
  const chromium = chromiumAndService();

  it('signs in a user imported with a bcrypt hash, back at the client with a code', async () => {
    const { service, browser } = chromium;
    const owner = await buildOwner(service);
    await service.dataSource.query('UPDATE users SET password_hash = ? WHERE id = ?', [
      BCRYPT.encoded,
      owner.userId,
    ]);
    const landing = `${service.config.publicUrl}/ui/profile`;
    const client = await relyingParty(service, landing);
    const { url, checks } = await authorization(client, landing);
    const page = await browser.newPage({ locale: 'de-CH' });
    const violations = policyViolations(page);
    await page.goto(url);
    expect(await page.textContent('h1')).to.equal('Anmelden');
    await page.fill('#userName', owner.userName);
    await page.click('button[type=submit]');
    await page.fill('#password', 'wrong');
    await page.click('button[type=submit]');
    expect(await page.textContent('.error')).to.equal(
      'Unbekannter Benutzername oder falsches Passwort.',
    );
    await page.fill('#password', BCRYPT.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/ui\/profile\?code=/);
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);

    const tokens = await oidc.authorizationCodeGrant(client, new URL(page.url()), checks, {
      resource: apiResource(service.config),
    });
    const profile = await service.call('GET', '/auth/v1/users/me/profile', {
      token: tokens.access_token,
    });
    // Authenticated: the read model (no worker here) has no profile yet, which is not a 401.
    expect(profile.status, profile.text).to.equal(404);
    expect(profile.text).to.contain('PROFILE-NOT-FOUND');
  });

  // projectRoleCheck with openid-client as an application's relying party: the refusal page in
  // German, its button back to the application with access_denied, and once the user holds a
  // role, the sign-in and the role in userinfo.
  it('refuses a user without a role, says why, and lets them in once granted one', async () => {
    const { service, browser } = chromium;
    const owner = await buildOwner(service);
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const manage = async (method: string, path: string, body: unknown) => {
      const response = await service.call(method, `/management/v1${path}`, {
        token: owner.token,
        body,
      });
      expect(response.status, response.text).to.equal(200);
      return response.body;
    };
    await manage('PUT', `/projects/${projectId}`, {
      name: 'Zoo',
      projectRoleCheck: true,
      projectRoleAssertion: true,
    });
    await manage('POST', `/projects/${projectId}/roles`, { roleKey: 'keeper', displayName: 'K' });
    const landing = `${service.config.publicUrl}/ui/profile`;
    const app = await manage('POST', `/projects/${projectId}/apps/oidc`, {
      name: 'Zoo app',
      redirectUris: [landing],
    });
    const client = await discoveredClient(service.config.publicUrl, app.clientId, app.clientSecret);
    const userName = `chromium-${Date.now()}`;
    const { userId } = await createHumanUser(service.dataSource, service.config, owner.orgId, {
      ...minimalImport(userName),
      password: PASSWORD,
    });
    const signIn = async (locale: string) => {
      const { url, checks } = await authorization(client, landing);
      const page = await browser.newPage({ locale });
      const violations = policyViolations(page);
      await page.goto(url);
      await page.fill('#userName', userName);
      await page.click('button[type=submit]');
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      return { page, checks, violations };
    };

    const refused = await signIn('de-CH');
    await refused.page.waitForSelector('.error');
    expect(await refused.page.textContent('h1')).to.equal('Kein Zugang zu dieser Anwendung');
    expect(await refused.page.textContent('.error')).to.contain('Sie haben keine Rolle');
    await refused.page.click('button[type=submit]');
    await refused.page.waitForURL(/\/ui\/profile\?error=access_denied/);
    expect(refused.violations, 'Content-Security-Policy violations').to.deep.equal([]);

    await manage('POST', `/users/${userId}/grants`, { projectId, roleKeys: ['keeper'] });
    const granted = await signIn('en');
    await granted.page.waitForURL(/\/ui\/profile\?code=/);
    const tokens = await oidc.authorizationCodeGrant(
      client,
      new URL(granted.page.url()),
      granted.checks,
    );
    const info = await oidc.fetchUserInfo(client, tokens.access_token, userId);
    expect(info['urn:identity:project:roles']).to.have.keys('keeper');
    expect(granted.violations).to.deep.equal([]);

    const grants = await service.dataSource.query('SELECT id FROM user_grants WHERE user_id = ?', [
      userId,
    ]);
    await manage('DELETE', `/users/${userId}/grants/${grants[0].id}`, undefined);
    const refresh = await oidc.refreshTokenGrant(client, tokens.refresh_token!).then(
      () => 'refreshed',
      (error: { error?: string }) => error.error,
    );
    expect(refresh, 'the next refresh after RemoveUserGrant').to.equal('invalid_grant');
  });

  // hasProjectCheck: a user of another organization is refused until a project grant gives it
  // the project; with projectRoleCheck on too, until a user grant within that project grant.
  it('refuses a user of another organization until the project is granted to it', async () => {
    const { service, browser } = chromium;
    const owner = await buildOwner(service);
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const manage = (method: string, path: string, body: unknown, token = owner.token) =>
      service.call(method, `/management/v1${path}`, { token, body });
    const project = (settings: object) =>
      manage('PUT', `/projects/${projectId}`, { name: 'Zoo', ...settings });
    await project({ hasProjectCheck: true });
    await manage('POST', `/projects/${projectId}/roles`, { roleKey: 'keeper', displayName: 'K' });
    const landing = `${service.config.publicUrl}/ui/profile`;
    const app = (
      await manage('POST', `/projects/${projectId}/apps/oidc`, {
        name: 'Zoo app',
        redirectUris: [landing],
      })
    ).body;
    const client = await discoveredClient(service.config.publicUrl, app.clientId, app.clientSecret);
    const stranger = await buildOwner(service);
    const userName = `stranger-${Date.now()}`;
    const { userId } = await createHumanUser(service.dataSource, service.config, stranger.orgId, {
      ...minimalImport(userName),
      password: PASSWORD,
    });
    const signIn = async () => {
      const page = await browser.newPage({ locale: 'en' });
      await page.goto((await authorization(client, landing)).url);
      await page.fill('#userName', userName);
      await page.click('button[type=submit]');
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/ui\/(profile|login\/)/);
      return page;
    };
    /** Where the sign-in ended: the application's address, or what the refusal page says. */
    const said = async (page: Awaited<ReturnType<typeof signIn>>) =>
      page.url().includes('/ui/profile') ? page.url() : page.textContent('.error');

    const outside = await signIn();
    expect(await said(outside)).to.equal(
      'Your organization has not been given access to this application.',
    );
    await outside.click('button[type=submit]');
    await outside.waitForURL(/\/ui\/profile\?error=access_denied/);

    await manage('POST', `/projects/${projectId}/grants`, {
      grantedOrgId: stranger.orgId,
      roleKeys: ['keeper'],
    });
    expect(await said(await signIn())).to.match(/\/ui\/profile\?code=/);
    await project({ hasProjectCheck: true, projectRoleCheck: true });
    expect(await said(await signIn())).to.contain('You have no role in this application.');
    const byStranger = await manage(
      'POST',
      `/users/${userId}/grants`,
      { projectId, roleKeys: ['keeper'] },
      stranger.token,
    );
    expect(byStranger.status, byStranger.text).to.equal(200);
    expect(await said(await signIn())).to.match(/\/ui\/profile\?code=/);
  });
});
