import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { chromiumAndService, policyViolations } from '../support/browser.js';
import { buildOwner } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { authorization, relyingParty } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';

const PASSWORD = 'Lifecycle-keeper-1!';

/**
 * An administrator deactivates, locks or removes a person signed in to an application (openid-client
 * as its relying party, Chromium as the person's browser): the application's next refresh is
 * refused, the API refuses the person's access token within AUTH_CACHE_MS (1 s here), and the
 * next sign-in in the same browser shows the sign-in page again and refuses them. Reactivated or
 * unlocked, they sign in again.
 */
describe('deactivating, locking and removing a signed-in person, in headless Chromium', function () {
  this.timeout(120_000);
  const chromium = chromiumAndService();

  for (const [change, undo, says] of [
    ['_deactivate', '_reactivate', 'This account cannot be used.'],
    ['_lock', '_unlock', 'This account cannot be used.'],
    ['', undefined, 'Unknown user name or wrong password.'],
  ] as const) {
    const name = change ? `POST …/${change}` : 'DELETE';
    it(`${name}: refresh refused, API token refused, sign-in page refuses${undo ? `; …/${undo} lets them in` : ''}`, async () => {
      const { service, browser } = chromium;
      const owner = await buildOwner(service);
      const userName = `browser-${change || 'removed'}-${Date.now()}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, owner.orgId, {
        ...minimalImport(userName),
        password: PASSWORD,
      });
      const landing = `${service.config.publicUrl}/ui/profile`;
      const client = await relyingParty(service, landing);
      const context = await browser.newContext({ locale: 'en' });
      const page = await context.newPage();
      const violations = policyViolations(page);

      /** Opens a new authorization; signs in where the page asks; where it ends. */
      const signIn = async (): Promise<{
        page: Page;
        checks: oidc.AuthorizationCodeGrantChecks;
      }> => {
        const { url, checks } = await authorization(client, landing);
        await page.goto(url);
        await page.waitForSelector('#userName');
        await page.fill('#userName', userName);
        await page.click('button[type=submit]');
        await page.fill('#password', PASSWORD);
        await page.click('button[type=submit]');
        await page.waitForURL(/\/ui\/(profile\?code=|login\/)/);
        return { page, checks };
      };

      const first = await signIn();
      expect(page.url()).to.match(/\/ui\/profile\?code=/);
      const tokens = await oidc.authorizationCodeGrant(client, new URL(page.url()), first.checks, {
        resource: apiResource(service.config),
      });
      const apiStatus = async () =>
        (await service.call('GET', '/auth/v1/users/me/profile', { token: tokens.access_token }))
          .status;
      expect(await apiStatus()).to.not.equal(401);

      const admin = (path: string) =>
        service.call(path ? 'POST' : 'DELETE', `/management/v1/users/${userId}${path}`, {
          token: owner.token,
          body: path ? {} : undefined,
        });
      expect((await admin(change ? `/${change}` : '')).status).to.equal(200);

      const refresh = await oidc.refreshTokenGrant(client, tokens.refresh_token!).then(
        () => 'refreshed',
        (error: { error?: string }) => error.error,
      );
      expect(refresh, 'the next refresh').to.equal('invalid_grant');
      await pollUntil(apiStatus, (status) => status === 401, 5_000);

      // The provider's session ended: the same browser is asked to sign in, and refused.
      await signIn();
      expect(await page.textContent('h1')).to.equal('Sign in');
      expect(await page.textContent('.error')).to.contain(says);

      if (undo) {
        expect((await admin(`/${undo}`)).status).to.equal(200);
        const again = await signIn();
        expect(page.url()).to.match(/\/ui\/profile\?code=/);
        const renewed = await oidc.authorizationCodeGrant(
          client,
          new URL(page.url()),
          again.checks,
        );
        expect(renewed.access_token).to.be.a('string');
      }
      expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
      await context.close();
    });
  }
});
