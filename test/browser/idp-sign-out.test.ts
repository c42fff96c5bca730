import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import type { BrowserContext, Page } from 'playwright-core';
import {
  brokeredSuite,
  choose,
  openSignIn,
  signedOutOf,
  tokensAtClient,
} from '../support/brokered-flow.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildUser } from '../support/factories.js';
import {
  addUpstreamOAuthProvider,
  offerProvider,
  UPSTREAM_CLIENTS,
} from '../support/identity-providers.js';
import { publicUrlEnv } from '../support/relying-party.js';

/** Our end-session path, where alone the browser sends its reference to the provider's token. */
const END_SESSION = '/oidc/session/end';

/**
 * Signing out of ours ends the identity provider's session too where its configuration asks
 * (`signOutAtProvider`, issue 43 point 3): RP-initiated logout at our end-session by the
 * application (openid-client, with its ID token and post-logout redirect URI), confirmed in
 * headless Chromium, goes on to the upstream's end-session with the upstream's ID token and
 * comes back to the application with its state; without the option the upstream's session
 * stays.
 */
describeOnEachDatabase(
  'sign-out at the identity provider (Chromium)',
  (service) => {
    const suite = brokeredSuite(service);
    let context: BrowserContext;
    beforeEach(async () => {
      context = await suite.browser.newContext({ locale: 'en' });
    });
    afterEach(() => context.close());

    /** A person of the organization linked to a new upstream account, whom it signs in as. */
    async function linkedPerson(idpId: string) {
      const { stage } = suite;
      const subject = stage.upstream.addAccount({ email: 'so@example.com', email_verified: true });
      const { userId } = await buildUser(service, {
        orgId: stage.owner.orgId,
        idps: [{ configId: idpId, externalUserId: subject, displayName: 'linked' }],
      });
      stage.upstream.signInAs = subject;
      return { subject, userId };
    }

    /** A brokered sign-in in the context by the provider's button; the application's ID token. */
    async function signIn(name: string): Promise<{ page: Page; idToken: string; sub: string }> {
      const journey = await openSignIn(suite.browser, suite.stage, service, { context });
      await choose(journey, name);
      const tokens = await tokensAtClient(suite.stage, journey);
      return { page: journey.page, idToken: tokens.id_token!, sub: tokens.claims()!.sub };
    }

    /** The application's RP-initiated logout, confirmed on our page; the client's state. */
    async function signOut(page: Page, idToken: string): Promise<string> {
      const state = oidc.randomState();
      const url = oidc.buildEndSessionUrl(suite.stage.client, {
        id_token_hint: idToken,
        post_logout_redirect_uri: suite.stage.postLogoutRedirectUri,
        state,
      });
      await page.goto(url.href);
      await page.click('button[name=logout][value=yes]');
      return state;
    }

    const signOutCookie = async () =>
      (await context.cookies(service.config.publicUrl + END_SESSION)).find(
        (cookie) => cookie.name === 'idp_sign_out',
      );

    it('ends the upstream session and comes back to the application with its state', async () => {
      const { stage } = suite;
      const { idpId, name } = await suite.offered({ signOutAtProvider: true });
      const person = await linkedPerson(idpId);
      const signedInBefore = stage.upstream.signIns.length;
      const { page, idToken, sub } = await signIn(name);
      expect(sub).to.equal(person.userId);
      expect(stage.upstream.signIns).to.have.length(signedInBefore + 1);

      // The browser holds a reference for our end-session alone, not the token.
      const cookie = await signOutCookie();
      expect(cookie).to.include({ path: END_SESSION, httpOnly: true, sameSite: 'Lax' });
      expect(cookie!.value).to.match(/^[\w-]{43}$/);
      const elsewhere = await context.cookies(`${service.config.publicUrl}/ui/login/x`);
      expect(elsewhere.map((one) => one.name)).not.to.include('idp_sign_out');

      const state = await signOut(page, idToken);
      // At the upstream's end-session: its own sign-out question.
      await page.waitForURL((url) => url.href.startsWith(`${stage.upstream.issuer}/session/end`));
      const asked = stage.upstream.endSessionRequests.at(-1)!;
      expect(asked.get('client_id')).to.equal(UPSTREAM_CLIENTS.basic);
      expect(asked.get('post_logout_redirect_uri')).to.equal(signedOutOf(service));
      expect(asked.get('state')).to.match(/^[\w-]{20,}$/);
      const hint = asked.get('id_token_hint')!;
      expect(decodeJwt(hint)).to.include({
        iss: stage.upstream.issuer,
        sub: person.subject,
        aud: UPSTREAM_CLIENTS.basic,
      });
      await page.click('#up-sign-out');

      // Back through ours, on to the application's post-logout redirect URI with its state.
      await page.waitForURL((url) => url.href.startsWith(stage.postLogoutRedirectUri));
      expect(new URL(page.url()).searchParams.get('state')).to.equal(state);
      expect(stage.upstream.signOuts.at(-1)).to.equal(person.subject);
      expect(await signOutCookie()).to.equal(undefined);

      // The way back is used once; the upstream's token is nowhere in clear, nor in the logs.
      const again = await page.goto(`${signedOutOf(service)}?state=${asked.get('state')}`);
      expect(again?.url()).to.equal(`${signedOutOf(service)}?state=${asked.get('state')}`);
      expect(await page.textContent('main')).to.contain('You are signed out.');
      const rows: { payload: string }[] = await service.dataSource.query(
        'SELECT payload FROM oidc_payloads',
      );
      expect(rows.filter((row) => String(row.payload).includes(hint))).to.deep.equal([]);
      expect(service.logs.lines.join('\n')).not.to.contain(hint);

      // Signed out at both: the next sign-in through it asks the upstream for credentials.
      const next = await signIn(name);
      expect(next.sub).to.equal(person.userId);
      expect(stage.upstream.signIns).to.have.length(signedInBefore + 2);
    });

    it('leaves the upstream session as it is without signOutAtProvider', async () => {
      const { stage } = suite;
      const { idpId, name } = await suite.offered();
      const person = await linkedPerson(idpId);
      const signedInBefore = stage.upstream.signIns.length;
      const endSessions = stage.upstream.endSessionRequests.length;
      const { page, idToken } = await signIn(name);
      expect(await signOutCookie()).to.equal(undefined);

      const state = await signOut(page, idToken);
      await page.waitForURL((url) => url.href.startsWith(stage.postLogoutRedirectUri));
      expect(new URL(page.url()).searchParams.get('state')).to.equal(state);
      expect(stage.upstream.endSessionRequests).to.have.length(endSessions);

      // Signed out of ours only: the upstream signs the person in again by its session.
      const next = await signIn(name);
      expect(next.sub).to.equal(person.userId);
      expect(stage.upstream.signIns).to.have.length(signedInBefore + 1);
    });

    it('keeps the upstream session when the person keeps ours', async () => {
      const { stage } = suite;
      const { idpId, name } = await suite.offered({ signOutAtProvider: true });
      await linkedPerson(idpId);
      const endSessions = stage.upstream.endSessionRequests.length;
      const { page, idToken } = await signIn(name);
      // "No": our session stays (only the application's part of it ends), so does the upstream's.
      await page.goto(
        oidc.buildEndSessionUrl(stage.client, {
          id_token_hint: idToken,
          post_logout_redirect_uri: stage.postLogoutRedirectUri,
        }).href,
      );
      await page.click('button[type=submit]:not([name=logout])');
      await page.waitForURL((url) => url.href.startsWith(stage.postLogoutRedirectUri));
      expect(stage.upstream.endSessionRequests).to.have.length(endSessions);
      expect(await signOutCookie()).to.include({ path: END_SESSION });
    });

    it('keeps nothing for an OAuth 2.0 provider, whatever its option', async () => {
      const { stage } = suite;
      const name = `OAuth ${Math.random().toString(36).slice(2, 8)}`;
      const { orgId } = stage.owner;
      const idpId = await addUpstreamOAuthProvider(service, stage.upstream, {
        orgId,
        name,
        signOutAtProvider: true,
      });
      await offerProvider(service, orgId, idpId);
      const person = await linkedPerson(idpId);
      expect((await signIn(name)).sub).to.equal(person.userId);
      expect(await signOutCookie()).to.equal(undefined);
    });
  },
  publicUrlEnv,
);
