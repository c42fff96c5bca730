import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { createHumanUser } from '../../services/api/admin/users.js';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, buildProject } from '../support/factories.js';
import {
  authorization,
  discoveredClient,
  publicUrlEnv,
  REDIRECT_URI,
} from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';
import { SignInBrowser } from '../support/sign-in-flow.js';

const PASSWORD = 'Zoo-keeper-1!';
const ROLES = 'urn:identity:project:roles';

/**
 * Update Project's checks at sign-in, with openid-client as the relying party of an application
 * of the project: `projectRoleCheck` and `hasProjectCheck` end a sign-in on a page that says why
 * (then `access_denied` at the client), on an existing session too; `projectRoleAssertion` puts
 * the roles in userinfo, the ID token and the JWT access token as the application asks; a refresh
 * after the grant is gone is refused.
 */
describeOnEachDatabase(
  'projects at sign-in',
  (service) => {
    let owner: { orgId: string; userId: string; token: string };
    let projectId: string;
    let client: oidc.Configuration;
    let orgName: string;

    const manage = async (method: string, path: string, body?: unknown) => {
      const response = await service.call(method, `/management/v1${path}`, {
        token: owner.token,
        body,
      });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return response.body;
    };
    const settings = (changes: Record<string, unknown>) =>
      manage('PUT', `/projects/${projectId}`, { name: 'Zoo', ...changes });
    const newUser = async (orgId: string) => {
      const userName = `visitor-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        password: PASSWORD,
      });
      return { userId, userName };
    };
    const signIn = async (browser: SignInBrowser, userName: string) => {
      const { url, checks } = await authorization(client);
      const page = await browser.signIn(url, userName, PASSWORD);
      return { page, checks };
    };
    const refusals = async (userId: string) =>
      (await service.events(userId))
        .filter((event) => event.type === 'user.human.signin.failed')
        .map((event) => (event.payload as { reason: string }).reason);

    before(async () => {
      owner = await buildOwner(service);
      projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Zoo' })).projectId;
      const [org] = (await service.dataSource.query('SELECT name FROM organizations WHERE id = ?', [
        owner.orgId,
      ])) as { name: string }[];
      orgName = org!.name;
      await manage('POST', `/projects/${projectId}/roles`, {
        roleKey: 'keeper',
        displayName: 'Keeper',
      });
      const app = await manage('POST', `/projects/${projectId}/apps/oidc`, {
        name: 'Zoo app',
        redirectUris: [REDIRECT_URI],
        idTokenRoleAssertion: true,
        accessTokenRoleAssertion: true,
      });
      client = await discoveredClient(service.config.publicUrl, app.clientId, app.clientSecret);
    });

    it('refuses a user without a role, then signs them in with the role in every token', async () => {
      await settings({ projectRoleCheck: true, projectRoleAssertion: true });
      const { userId, userName } = await newUser(owner.orgId);
      const browser = new SignInBrowser(service.config.publicUrl);
      const refused = (await signIn(browser, userName)).page;
      expect(refused.status).to.equal(403);
      expect(refused.html).to.contain('You have no role in this application.');
      const back = await browser.submit(refused, {});
      expect(back.url).to.match(/^http:\/\/127\.0\.0\.1:1\/callback\?error=access_denied/);
      expect(await refusals(userId)).to.deep.equal(['project-role-missing']);

      const grant = await manage('POST', `/users/${userId}/grants`, {
        projectId,
        roleKeys: ['keeper'],
      });
      const { page, checks } = await signIn(new SignInBrowser(service.config.publicUrl), userName);
      expect(page.url, page.html).to.match(/callback\?code=/);
      const tokens = await oidc.authorizationCodeGrant(client, new URL(page.url), checks, {
        resource: apiResource(service.config),
      });
      const roles = { keeper: { [owner.orgId]: orgName } };
      expect(tokens.claims()![ROLES]).to.deep.equal(roles);
      const access = decodeJwt(tokens.access_token);
      expect(access[ROLES]).to.deep.equal(roles);
      expect(access[`urn:identity:project:${projectId}:roles`]).to.deep.equal(roles);
      const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
      const info = await oidc.fetchUserInfo(client, refreshed.access_token, userId);
      expect(info[ROLES]).to.deep.equal(roles);
      expect(info[`urn:identity:project:${projectId}:roles`]).to.deep.equal(roles);

      await manage('DELETE', `/users/${userId}/grants/${grant.userGrantId}`);
      const error = await oidc.refreshTokenGrant(client, refreshed.refresh_token!).then(
        () => undefined,
        (failure: { error?: string }) => failure.error,
      );
      expect(error).to.equal('invalid_grant');
    });

    it('refuses an existing session once the role is gone, and with prompt=none straight away', async () => {
      await settings({ projectRoleCheck: true });
      const { userId, userName } = await newUser(owner.orgId);
      const grant = await manage('POST', `/users/${userId}/grants`, {
        projectId,
        roleKeys: ['keeper'],
      });
      const browser = new SignInBrowser(service.config.publicUrl);
      expect((await signIn(browser, userName)).page.url).to.match(/callback\?code=/);
      await manage('PUT', `/users/${userId}/grants/${grant.userGrantId}`, { roleKeys: [] });

      const again = await browser.open((await authorization(client)).url);
      expect(again.status, again.html).to.equal(403);
      expect(again.html).to.contain('You have no role in this application.');
      const silent = new URL((await authorization(client)).url);
      silent.searchParams.set('prompt', 'none');
      const answer = await browser.open(silent.href);
      expect(answer.url).to.match(/callback\?error=access_denied/);
      expect(await refusals(userId)).to.deep.equal([
        'project-role-missing',
        'project-role-missing',
      ]);
    });

    it('refuses a user of another organization while hasProjectCheck is on, in German too', async () => {
      await settings({ hasProjectCheck: true });
      const stranger = await buildOwner(service);
      const { userId, userName } = await newUser(stranger.orgId);
      const browser = new SignInBrowser(service.config.publicUrl, 'de-CH,de;q=0.9');
      const refused = (await signIn(browser, userName)).page;
      expect(refused.status).to.equal(403);
      expect(refused.html).to.contain('Ihre Organisation hat keinen Zugang zu dieser Anwendung');
      expect(await refusals(userId)).to.deep.equal(['project-not-granted']);

      // Granted to the stranger's organization, the project lets its users in; with roles checked
      // too, only with a user grant within the project grant, given by that organization.
      const granted = await manage('POST', `/projects/${projectId}/grants`, {
        grantedOrgId: stranger.orgId,
        roleKeys: ['keeper'],
      });
      await settings({ hasProjectCheck: true, projectRoleCheck: true });
      const roleless = await signIn(new SignInBrowser(service.config.publicUrl), userName);
      expect(roleless.page.html).to.contain('You have no role in this application.');
      const byStranger = await service.call('POST', `/management/v1/users/${userId}/grants`, {
        token: stranger.token,
        body: { projectId, roleKeys: ['keeper'] },
      });
      expect(byStranger.status, JSON.stringify(byStranger.body)).to.equal(200);
      const { page: inside } = await signIn(new SignInBrowser(service.config.publicUrl), userName);
      expect(inside.url, inside.html).to.match(/callback\?code=/);
      await manage('DELETE', `/projects/${projectId}/grants/${granted.grantId}`);
      expect(await service.count('user_grants', 'user_id = ?', [userId])).to.equal(0);
      const after = await signIn(new SignInBrowser(service.config.publicUrl), userName);
      expect(after.page.status).to.equal(403);
      await settings({});
      const { page } = await signIn(new SignInBrowser(service.config.publicUrl), userName);
      expect(page.url, 'the check turned off holds at the next sign-in').to.match(
        /callback\?code=/,
      );
    });
  },
  publicUrlEnv,
);
