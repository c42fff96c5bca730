import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import { launchChromium, policyViolations } from '../support/browser.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { authorization, discoveredClient, publicUrlEnv } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';
import { TestService } from '../support/test-service.js';

const PASSWORD = 'Zoo-keeper-1!';

/**
 * projectRoleCheck in headless Chromium with openid-client as the application's relying party:
 * the refusal page in German, its button back to the application with `access_denied`, and once
 * the user holds a role, the sign-in and the role in userinfo.
 */
describe('a project’s role check at sign-in, in headless Chromium', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;

  before(async () => {
    browser = await launchChromium();
    service = await TestService.start({ ...(await publicUrlEnv()), DATABASE_URL: '' });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it('refuses a user without a role, says why, and lets them in once granted one', async () => {
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
  });
});
