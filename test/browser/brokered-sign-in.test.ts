import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import {
  brokeredSuite,
  callbackOf,
  choose,
  errorOn,
  eventsOf,
  openSignIn,
  subjectAtClient,
  type BrokeredStage,
} from '../support/brokered-flow.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildUser } from '../support/factories.js';
import type { ImportHumanUserRequest } from '../../services/api/operations/import-human-user/import-human-user.request.js';
import {
  addUpstreamOAuthProvider,
  addUpstreamProvider,
  offerProvider,
  removeProvider,
  withdrawProvider,
} from '../support/identity-providers.js';
import { publicUrlEnv } from '../support/relying-party.js';
import { UpstreamProvider } from '../support/upstream-provider.js';

const REPLAYED =
  'This answer of the identity provider was used already or has expired. Please start again.';

/**
 * Sign-in through an identity provider (issue 43): a second oidc-provider as the upstream, our
 * service as its client, openid-client as our application's relying party, in headless
 * Chromium. The link sign-in, and the refusals: a wrong or missing `iss`, a replayed `state`,
 * a provider deactivated (by DeactivateOrgIDP), withdrawn or removed between the start and the
 * callback; PKCE sent to an upstream that does not ask for it.
 */
describeOnEachDatabase(
  'sign-in through an identity provider: linked users and refusals (Chromium)',
  (service) => {
    const suite = brokeredSuite(service);
    const { csp, offered } = suite;
    let browser: Browser;
    let stage: BrokeredStage;
    before(() => ({ browser, stage } = suite));

    /** A person of the organization linked to a new upstream account; no password. */
    async function linkedPerson(idpId: string, extra: Partial<ImportHumanUserRequest> = {}) {
      const subject = stage.upstream.addAccount({ email: 'x@example.com', email_verified: true });
      const idps = [{ configId: idpId, externalUserId: subject, displayName: 'linked' }];
      const { userId, userName } = await buildUser(service, {
        orgId: stage.owner.orgId,
        email: { email: `linked-${subject}@example.com`, isEmailVerified: true },
        idps,
        ...extra,
      });
      return { subject, userName, userId };
    }

    /** Deactivates the organization's provider `idpId` as its owner does, through the API. */
    async function deactivate(idpId: string): Promise<void> {
      const response = await service.call('POST', `/management/v1/idps/${idpId}/_deactivate`, {
        token: stage.owner.token,
        body: {},
      });
      expect(response.status, response.text).to.equal(200);
    }

    const signInSucceeded = async (userId: string) =>
      (await eventsOf(service, userId)).filter((e) => e.type === 'user.human.signin.succeeded');

    it('signs in the linked user by the button: the application receives its sub', async () => {
      const { idpId, name } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      const journey = await openSignIn(browser, stage, service);
      csp.watch(journey.page);
      await choose(journey, name);
      expect(await subjectAtClient(stage, journey)).to.equal(person.userId);
      expect(await signInSucceeded(person.userId)).to.deep.equal([
        {
          type: 'user.human.signin.succeeded',
          payload: { clientId: stage.client.clientMetadata().client_id, methods: ['idp'], idpId },
        },
      ]);
      // PKCE S256, a state and a nonce went to the provider; it answered `iss`, checked.
      const asked = stage.upstream.authorizationRequests.at(-1)!;
      expect(asked.get('code_challenge_method')).to.equal('S256');
      expect(asked.get('code_challenge')).to.match(/^[\w-]{43}$/);
      expect(asked.get('state')).to.match(/^[\w-]{20,}$/);
      expect(asked.get('nonce')).to.match(/^[\w-]{20,}$/);
      expect(asked.get('redirect_uri')).to.equal(callbackOf(service));
      expect(journey.callbacks[0]).to.contain(`iss=${encodeURIComponent(stage.upstream.issuer)}`);
    });

    it('speaks German: the button, and a refusal', async () => {
      const { idpId, name } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      stage.upstream.misbehave = { iss: 'wrong' };
      try {
        const journey = await openSignIn(browser, stage, service, { locale: 'de-CH' });
        csp.watch(journey.page);
        await journey.page.click(`#providers button:has-text("Anmelden mit ${name}")`);
        expect(await errorOn(journey)).to.equal(
          'Der Identitätsanbieter hat Sie nicht angemeldet. Bitte neu beginnen.',
        );
        expect(await journey.page.textContent('h1')).to.equal('Anmeldung fehlgeschlagen');
      } finally {
        stage.upstream.misbehave = {};
      }
    });

    it('sends a user name with links and no password straight to its provider', async () => {
      const { idpId } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      const journey = await openSignIn(browser, stage, service);
      await journey.page.fill('#userName', person.userName);
      await journey.page.click('button[type=submit]');
      expect(await subjectAtClient(stage, journey)).to.equal(person.userId);
    });

    it('sends the person straight to the provider the scope urn:identity:org:idp:id names', async () => {
      const { idpId } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      const scope = `openid profile urn:identity:org:idp:id:${idpId}`;
      const journey = await openSignIn(browser, stage, service, { scope });
      expect(await subjectAtClient(stage, journey)).to.equal(person.userId);
    });

    it('offers no button of a provider the policy does not offer, and refuses its start', async () => {
      const withdrawn = await offered();
      await withdrawProvider(service, stage.owner.orgId, withdrawn.idpId);
      const inactive = await offered({ state: 'inactive' });
      const unconfigured = await offered({ type: 'unconfigured' });
      const shown = await offered();
      const journey = await openSignIn(browser, stage, service);
      const buttons = await journey.page.locator('#providers button').allTextContents();
      expect(buttons.map((text) => text.trim())).to.include(`Sign in with ${shown.name}`);
      for (const { name } of [withdrawn, inactive, unconfigured])
        expect(buttons.join('|')).not.to.contain(name);
      // A start of it posted anyway (the form of another client's page) is refused.
      const csrf = await journey.page.inputValue('input[name=_csrf]');
      const action = await journey.page.getAttribute(
        `#providers form[action$="/idp/${shown.idpId}"]`,
        'action',
      );
      const refused = await journey.page.evaluate(
        async ({ to, token }) =>
          (
            await fetch(to, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ _csrf: token }),
              redirect: 'manual',
            })
          ).status,
        { to: action!.replace(shown.idpId, inactive.idpId), token: csrf },
      );
      expect(refused).to.equal(403);
    });

    it('signs in a linked user through an OAuth 2.0 provider (user endpoint, id attribute)', async () => {
      const name = `OAuth ${Math.random().toString(36).slice(2, 8)}`;
      const idpId = await addUpstreamOAuthProvider(service, stage.upstream, {
        orgId: stage.owner.orgId,
        name,
      });
      await offerProvider(service, stage.owner.orgId, idpId);
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      const journey = await openSignIn(browser, stage, service);
      await choose(journey, name);
      expect(await subjectAtClient(stage, journey)).to.equal(person.userId);
    });

    it('refuses an answer with a wrong iss, and one without iss from an issuer that sends it', async () => {
      const { idpId, name } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      // What openid-client said, as the service logs it.
      const said = {
        wrong: 'unexpected \\"iss\\" (issuer) response parameter value',
        missing: 'response parameter \\"iss\\" (issuer) missing',
      };
      try {
        for (const iss of ['wrong', 'missing'] as const) {
          stage.upstream.misbehave = { iss };
          const logged = service.logs.lines.length;
          const journey = await openSignIn(browser, stage, service);
          await choose(journey, name);
          expect(await errorOn(journey), iss).to.equal(
            'The identity provider did not sign you in. Please start again.',
          );
          expect(journey.callbacks[0], iss).to.contain('code=');
          expect(service.logs.lines.slice(logged).join('\n')).to.contain(said[iss]);
          // The sign-in begun is used up by its answer, refused or not.
          await journey.page.goto(journey.callbacks[1]!);
          expect(await journey.page.textContent('.error'), iss).to.equal(REPLAYED);
        }
      } finally {
        stage.upstream.misbehave = {};
      }
      expect(await signInSucceeded(person.userId)).to.deep.equal([]);
    });

    it('refuses a replayed state, at the callback and at the interaction', async () => {
      const { idpId, name } = await offered();
      const person = await linkedPerson(idpId);
      stage.upstream.signInAs = person.subject;
      const journey = await openSignIn(browser, stage, service);
      await choose(journey, name);
      await subjectAtClient(stage, journey);
      const [first, second] = journey.callbacks;
      expect(second).to.contain(`/ui/login/`);
      const atCallback = await journey.page.goto(first!);
      expect(atCallback?.status()).to.equal(400);
      expect(await journey.page.textContent('.error')).to.equal(REPLAYED);
      // The interaction's own address again: the interaction is over.
      const atInteraction = await journey.page.goto(second!);
      expect(atInteraction?.status()).to.equal(400);
      expect(await signInSucceeded(person.userId)).to.have.length(1);
    });

    for (const [what, change] of [
      ['deactivated (DeactivateOrgIDP)', (id: string) => deactivate(id)],
      [
        'withdrawn from the login policy',
        (id: string) => withdrawProvider(service, stage.owner.orgId, id),
      ],
      [
        'removed (its links, policy entries and itself)',
        (id: string) => removeProvider(service, id),
      ],
    ] as const) {
      it(`refuses at the callback a provider ${what} after the start`, async () => {
        const { idpId, name } = await offered({ isAutoCreation: true, isLinkingAllowed: true });
        const person = await linkedPerson(idpId);
        stage.upstream.signInAs = person.subject;
        const journey = await openSignIn(browser, stage, service);
        stage.upstream.whileSigningIn = () => change(idpId);
        try {
          await choose(journey, name);
          expect(await errorOn(journey)).to.equal(
            'This identity provider can no longer be used to sign in here.',
          );
        } finally {
          stage.upstream.whileSigningIn = undefined;
        }
        expect(await signInSucceeded(person.userId)).to.deep.equal([]);
      });
    }

    it('refuses a deactivated linked user with the words of a password sign-in', async () => {
      const { idpId, name } = await offered();
      const person = await linkedPerson(idpId);
      await service.dataSource.query("UPDATE users SET state = 'inactive' WHERE id = ?", [
        person.userId,
      ]);
      stage.upstream.signInAs = person.subject;
      const journey = await openSignIn(browser, stage, service);
      await choose(journey, name);
      expect(await errorOn(journey)).to.equal(
        'This account cannot be used. Ask an administrator of your organization.',
      );
      const failed = (await eventsOf(service, person.userId)).filter(
        (event) => event.type === 'user.human.signin.failed',
      );
      expect(failed.map((event) => event.payload)).to.deep.equal([
        { clientId: stage.client.clientMetadata().client_id, reason: 'inactive' },
      ]);
    });

    it('sends PKCE to an upstream that does not require it, and the code is exchanged with it', async () => {
      const lenient = await UpstreamProvider.start(callbackOf(service), { requirePkce: false });
      try {
        const name = `Lenient ${Math.random().toString(36).slice(2, 8)}`;
        const idpId = await addUpstreamProvider(service, lenient, {
          orgId: stage.owner.orgId,
          name,
        });
        await offerProvider(service, stage.owner.orgId, idpId);
        const subject = lenient.addAccount({ email: 'l@example.com' });
        const { userId } = await createHumanUser(
          service.dataSource,
          service.config,
          stage.owner.orgId,
          {
            userName: `lenient-${Math.random().toString(36).slice(2)}`,
            profile: { firstName: 'Le', lastName: 'Nient' },
            email: { email: 'l@example.com' },
            idps: [{ configId: idpId, externalUserId: subject }],
          },
        );
        lenient.signInAs = subject;
        const journey = await openSignIn(browser, { ...stage, upstream: lenient }, service);
        await choose(journey, name);
        expect(await subjectAtClient(stage, journey)).to.equal(userId);
        const asked = lenient.authorizationRequests.at(-1)!;
        expect(asked.get('code_challenge_method')).to.equal('S256');
        expect(asked.get('code_challenge')).to.match(/^[\w-]{43}$/);
      } finally {
        await lenient.close();
      }
    });
  },
  publicUrlEnv,
);
