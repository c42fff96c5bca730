import { expect } from 'chai';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { launchChromium, policyViolations } from '../support/browser.js';
import { buildOwner } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { TestService } from '../support/test-service.js';

const BCRYPT = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;

describe('the sign-in pages in headless Chromium', function () {
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

  it('signs in a user imported with a bcrypt hash, back at the client with a code', async () => {
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
});
