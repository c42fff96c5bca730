import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oidc from 'openid-client';
import type { BrowserContext, Page } from 'playwright-core';
import { KeycloakServer } from '../../bench/keycloak-import.js';
import { chromiumAndService } from '../support/browser.js';
import { buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { identityctl } from '../support/identityctl.js';
import { authorization, discoveredClient } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';

const REALM = 'upstream';
const CLIENT_ID = 'identity-service';
const KEYCLOAK_EXPORT = join(process.cwd(), 'test/fixtures/keycloak-export');

/** People at the upstream Keycloak, with the ids the realm import gives them. */
const PEOPLE = {
  linked: { id: randomUUID(), username: 'ada', password: 'Ada-at-Keycloak-1!' },
  newcomer: { id: randomUUID(), username: 'grace', password: 'Grace-at-Keycloak-1!' },
  migrated: { id: randomUUID(), username: 'hedy', password: 'Hedy-at-Keycloak-1!' },
};

/**
 * Identity brokering against a provider we did not write: Keycloak 26 (Maven Central's
 * distribution, as bench:migrate runs it) with a realm imported as the upstream OpenID Connect
 * provider. People sign in on Keycloak's own login page, in headless Chromium; openid-client is
 * our relying party. `npm run test:keycloak-upstream` runs this suite alone.
 */
describe('signing in through Keycloak 26 as the upstream OpenID Connect provider', function () {
  this.timeout(300_000);
  const chromium = chromiumAndService();
  let keycloak: KeycloakServer;
  let owner: BuiltMember;
  let providerId: string;
  let rp: oidc.Configuration;
  let landing: string;
  let context: BrowserContext;
  const clientSecret = randomBytes(24).toString('base64url');

  before(async () => {
    keycloak = await KeycloakServer.start({ databaseName: `kc_upstream_${Date.now()}` });
    const { service } = chromium;
    const callback = `${service.config.publicUrl}/ui/login/idp/callback`;
    // A realm import: its client for us (confidential, code flow, PKCE S256) and its people.
    await keycloak.admin('POST', '/admin/realms', {
      realm: REALM,
      enabled: true,
      clients: [
        {
          clientId: CLIENT_ID,
          secret: clientSecret,
          publicClient: false,
          standardFlowEnabled: true,
          directAccessGrantsEnabled: false,
          redirectUris: [callback],
          attributes: { 'pkce.code.challenge.method': 'S256' },
        },
      ],
      users: Object.values(PEOPLE).map(({ id, username, password }) => ({
        id,
        username,
        email: `${username}@upstream.example`,
        emailVerified: true,
        firstName: username[0]!.toUpperCase() + username.slice(1),
        lastName: 'Upstream',
        enabled: true,
        credentials: [{ type: 'password', value: password, temporary: false }],
      })),
    });

    owner = await buildOwner(service);
    const added = await service.call('POST', '/management/v1/idps/generic_oidc', {
      token: owner.token,
      body: {
        name: 'Keycloak',
        issuer: `${keycloak.url}/realms/${REALM}`,
        clientId: CLIENT_ID,
        clientSecret,
        scopes: ['openid', 'profile', 'email'],
        providerOptions: { isLinkingAllowed: true, isCreationAllowed: true, isAutoCreation: true },
      },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
    providerId = added.body.id;
    const offered = await service.call('POST', '/management/v1/policies/login/idps', {
      token: owner.token,
      body: { idpId: providerId, ownerType: 'IDP_OWNER_TYPE_ORG' },
    });
    expect(offered.status, JSON.stringify(offered.body)).to.equal(200);

    // The application signing people in: a project of the organization whose policy offers Keycloak.
    landing = `${service.config.publicUrl}/ui/profile`;
    const { projectId } = await buildProject(service, { orgId: owner.orgId });
    const app = await service.call('POST', `/management/v1/projects/${projectId}/apps/oidc`, {
      token: owner.token,
      body: { name: 'Brokered app', redirectUris: [landing] },
    });
    expect(app.status, app.text).to.equal(200);
    rp = await discoveredClient(service.config.publicUrl, app.body.clientId, app.body.clientSecret);
  });
  after(async () => {
    await context?.close();
    await keycloak?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await chromium.browser.newContext({ locale: 'en' });
  });

  /** Our sign-in page → the Keycloak button → Keycloak's login page → back: the client's `sub`. */
  const signInThroughKeycloak = async (person: { username: string; password: string }) => {
    const page: Page = await context.newPage();
    const { url, checks } = await authorization(rp, landing);
    await page.goto(url);
    await page.click('button:has-text("Keycloak")');
    await page.waitForURL(new RegExp(`^${keycloak.url}/realms/${REALM}/`));
    await page.fill('#username', person.username);
    await page.fill('#password', person.password);
    await page.click('#kc-login');
    await page.waitForURL((at) => at.href.startsWith(`${landing}?`), { timeout: 30_000 });
    const tokens = await oidc.authorizationCodeGrant(rp, new URL(page.url()), checks);
    return tokens.claims()!.sub;
  };

  it("a user imported with a link to a Keycloak user's id signs in as that user", async () => {
    const { service } = chromium;
    const imported = await service.call('POST', '/management/v1/users/human/_import', {
      token: owner.token,
      body: {
        ...minimalImport(`ada-${Date.now()}`),
        idps: [{ configId: providerId, externalUserId: PEOPLE.linked.id, displayName: 'ada' }],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
    expect(await signInThroughKeycloak(PEOPLE.linked)).to.equal(imported.body.userId);
  });

  it('a Keycloak user without a link is created on the way in (JIT), with the link', async () => {
    const { service } = chromium;
    const sub = await signInThroughKeycloak(PEOPLE.newcomer);
    const [user] = await service.dataSource.query(
      `SELECT u.org_id, u.email, l.external_user_id FROM users u
         JOIN user_idp_links l ON l.user_id = u.id WHERE u.id = ? AND l.config_id = ?`,
      [sub, providerId],
    );
    expect(user).to.deep.include({
      org_id: owner.orgId,
      email: 'grace@upstream.example',
      external_user_id: PEOPLE.newcomer.id,
    });
    // Signing in again finds the link: the same user, nobody new.
    await context.close();
    context = await chromium.browser.newContext({ locale: 'en' });
    expect(await signInThroughKeycloak(PEOPLE.newcomer)).to.equal(sub);
  });

  it('a user migrated with `identityctl migrate --from keycloak --idp ALIAS=CONFIG_ID` signs in as the same user', async () => {
    const { service } = chromium;
    // A Keycloak export whose user signed in there through the upstream (alias `corp`).
    const dir = await mkdtemp(join(tmpdir(), 'keycloak-upstream-export-'));
    try {
      await copyFile(join(KEYCLOAK_EXPORT, 'acme-realm.json'), join(dir, 'acme-realm.json'));
      const userName = `hedy-${Date.now()}`;
      await writeFile(
        join(dir, 'acme-users-0.json'),
        JSON.stringify({
          realm: 'acme',
          users: [
            {
              id: randomUUID(),
              createdTimestamp: Date.now(),
              username: userName,
              enabled: true,
              emailVerified: true,
              firstName: 'Hedy',
              lastName: 'Migrated',
              email: `${userName}@acme.example`,
              credentials: [],
              federatedIdentities: [
                { identityProvider: 'corp', userId: PEOPLE.migrated.id, userName: 'hedy' },
              ],
            },
          ],
        }),
      );
      const moved = await identityctl(
        { API_URL: service.api.url, TOKEN: owner.token },
        ...['migrate', '--from', 'keycloak', '--in', dir, '--realm', 'acme'],
        ...['--idp', `corp=${providerId}`],
      );
      expect(moved.code, moved.stderr).to.equal(0);
      expect(moved.json).to.include({ inserted: 1, refused: 0 });
      const [migrated] = await service.dataSource.query(
        'SELECT id FROM users WHERE org_id = ? AND user_name = ?',
        [owner.orgId, userName],
      );
      expect(await signInThroughKeycloak(PEOPLE.migrated)).to.equal(migrated.id);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
