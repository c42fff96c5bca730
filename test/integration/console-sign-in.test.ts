import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { addMember } from '../../services/api/admin/organizations.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { describeWithService } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { publicUrlEnv } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';
import type { TestService } from '../support/test-service.js';

const PASSWORD = 'Console-keeper-1!';

/**
 * The console's sign-in as a browser without scripts meets it: the code flow with PKCE of the
 * built-in public client `console`, its cookies, and what it does with a flow or a session that
 * is not its own. (test/browser/console-*.test.ts use the pages in Chromium.)
 */
describeWithService(
  'the console’s sign-in and session',
  (service: TestService) => {
    let userName: string;
    let console: string;

    before(async () => {
      const { orgId } = await buildOrg(service);
      userName = `console-${randomBytes(4).toString('hex')}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
        userName,
        profile: { firstName: 'Console', lastName: 'Owner' },
        email: { email: `${userName}@example.com`, isEmailVerified: true },
        password: PASSWORD,
      });
      await addMember(service.dataSource, { orgId, userId, role: 'ORG_OWNER' });
      console = `${service.config.publicUrl}/ui/console`;
    });

    it('sends a person without a session to the provider with PKCE, state and nonce, and keeps the flow sealed', async () => {
      const answer = await fetch(`${console}/users?q=ada`, { redirect: 'manual' });
      expect(answer.status).to.equal(303);
      const to = new URL(answer.headers.get('location')!);
      expect(to.origin + to.pathname).to.equal(`${service.config.publicUrl}/oidc/auth`);
      expect(Object.fromEntries(to.searchParams)).to.include({
        client_id: 'console',
        redirect_uri: `${console}/callback`,
        response_type: 'code',
        code_challenge_method: 'S256',
      });
      for (const name of ['code_challenge', 'state', 'nonce'])
        expect(to.searchParams.get(name), name).to.match(/^[\w-]{22,}$/);
      const [cookie] = answer.headers.getSetCookie();
      expect(cookie).to.match(/^console_flow=[\w-]+; /);
      expect(cookie)
        .to.contain('Path=/ui/console')
        .and.contain('HttpOnly')
        .and.contain('SameSite=Lax');
      // Sealed: neither the verifier nor the page to return to can be read from it.
      expect(cookie).not.to.contain('users');
    });

    it('signs in through the provider and comes back to the page asked for, with a sealed session', async () => {
      const browser = new SignInBrowser(service.config.publicUrl);
      const page = await browser.signIn(`${console}/users?q=console-`, userName, PASSWORD);
      expect(page.status, page.html).to.equal(200);
      expect(page.url).to.equal(`${console}/users?q=console-`);
      expect(page.html).to.contain(userName);
      const session = browser.jar.header(`${console}/users`);
      expect(session).to.match(/console_session=[\w-]+/);
      // The browser holds no token it could read: the cookie is no JWT and names no user.
      expect(session).not.to.match(/eyJ/).and.not.to.contain(userName);
    });

    it('refuses a callback whose state is not the flow’s, and one without a flow', async () => {
      const browser = new SignInBrowser(service.config.publicUrl);
      await browser.open(`${console}/users`).catch(() => undefined);
      // The flow cookie is kept; the provider's answer is forged with another state.
      const forged = await browser.jar.fetch(`${console}/callback?code=abc&state=not-the-flows`);
      expect(forged.status).to.equal(400);
      expect(await forged.text()).to.contain('Sign-in did not finish');
      const none = await fetch(`${console}/callback?code=abc&state=x`, { redirect: 'manual' });
      expect(none.status).to.equal(303);
      expect(none.headers.get('location')).to.equal('/ui/console/');
    });

    it('takes a tampered session for none, and never returns to a page outside the console', async () => {
      const tampered = await fetch(`${console}/users`, {
        headers: { cookie: `console_session=${randomBytes(300).toString('base64url')}` },
        redirect: 'manual',
      });
      expect(tampered.status).to.equal(303);
      expect(tampered.headers.get('location')).to.contain('/oidc/auth?');
      for (const next of ['https://evil.example/', '//evil.example/', '/ui/console/../../evil']) {
        const browser = new SignInBrowser(service.config.publicUrl);
        const page = await browser.signIn(
          `${console}/sign-in?next=${encodeURIComponent(next)}`,
          userName,
          PASSWORD,
        );
        expect(page.url, next).to.match(/\/ui\/console\/(users)?$/);
      }
    });

    it('refuses a form without a session (401) or without its CSRF token (403), writing nothing', async () => {
      const anonymous = await fetch(`${console}/users/any/_deactivate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '_csrf=x',
      });
      expect(anonymous.status).to.equal(401);
      expect(await anonymous.text()).to.contain('Please sign in again');
      const browser = new SignInBrowser(service.config.publicUrl);
      await browser.signIn(`${console}/users`, userName, PASSWORD);
      const forged = await browser.jar.fetch(`${console}/users/any/_deactivate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '_csrf=forged',
      });
      expect(forged.status).to.equal(403);
      expect(forged.headers.get('content-security-policy')).to.contain("script-src 'self'");
    });

    it('answers a form of more than 200 fields or REQUEST_BODY_LIMIT bytes with a page that says so, not the API’s JSON', async () => {
      const browser = new SignInBrowser(service.config.publicUrl);
      await browser.signIn(`${console}/users`, userName, PASSWORD);
      const post = (body: string, language = 'en') =>
        browser.jar.fetch(`${console}/users/any/_deactivate`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'accept-language': language,
          },
          body,
        });
      const many = await post(Array.from({ length: 201 }, (_, i) => `roleKeys=r${i}`).join('&'));
      expect(many.status).to.equal(413);
      expect(many.headers.get('content-type')).to.match(/^text\/html/);
      expect(await many.text()).to.contain('Too much for one form');
      const large = await post(`_csrf=x&note=${'x'.repeat(service.config.requestBodyLimit)}`, 'de');
      expect(large.status).to.equal(413);
      const said = await large.text();
      expect(said).to.contain('Zu viel für ein Formular');
      expect(said).to.contain('200 Felder, 1 MiB');
      // Within the limits the form is read, and refused for its forged token as before: 199
      // fields, and the largest grant an operation takes (100 roles whose keys are 200
      // characters of four UTF-8 bytes each, about 240 KB encoded).
      const fits = await post(Array.from({ length: 199 }, (_, i) => `roleKeys=r${i}`).join('&'));
      expect(fits.status).to.equal(403);
      const longKey = (i: number) => `${String(i).padStart(3, '0')}${'😀'.repeat(197)}`;
      const largestGrant = Array.from(
        { length: 100 },
        (_, i) => `roleKeys=${encodeURIComponent(longKey(i))}`,
      ).join('&');
      expect(largestGrant.length).to.be.greaterThan(235_000);
      expect((await post(`_csrf=forged&${largestGrant}`)).status).to.equal(403);
    });

    it('signs out at the provider too, and comes back to the console', async () => {
      const browser = new SignInBrowser(service.config.publicUrl);
      const page = await browser.signIn(`${console}/users`, userName, PASSWORD);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.html)![1]!;
      const out = await browser.jar.fetch(`${console}/sign-out`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf }).toString(),
      });
      expect(out.status).to.equal(303);
      const to = new URL(out.headers.get('location')!);
      expect(to.pathname).to.equal('/oidc/session/end');
      expect(to.searchParams.get('post_logout_redirect_uri')).to.equal(`${console}/`);
      expect(to.searchParams.get('id_token_hint')).to.match(/^eyJ/);
      expect(browser.jar.header(`${console}/users`)).not.to.contain('console_session');
    });
  },
  publicUrlEnv,
);
