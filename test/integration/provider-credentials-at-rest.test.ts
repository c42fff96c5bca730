import { expect } from 'chai';
import * as oidc from 'openid-client';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { everyRow } from '../support/every-row.js';
import { buildOwnerWithPassword } from '../support/factories.js';
import { addSecret, buildMachine, clientCredentialsToken } from '../support/machine-users.js';
import { minimalImport } from '../support/requests.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';

/** The provider's session cookie, whose value is the session's id. */
const SESSION_COOKIE = '_session';

describeOnEachDatabase(
  "The provider's credentials at rest",
  (service) => {
    it('stores no code, token or session id in the clear, and each still works', async () => {
      const owner = await buildOwnerWithPassword(service);
      const client = await relyingParty(service);
      const browser = new SignInBrowser(service.config.publicUrl);
      const first = await authorization(client);
      const landed = await browser.signIn(first.url, owner.userName, owner.password);
      const code = new URL(landed.url).searchParams.get('code');
      expect(code, landed.html).to.be.a('string');
      const session = /(?:^|; )_session=([^;]+)/.exec(browser.jar.header(service.config.publicUrl));
      expect(session, `the ${SESSION_COOKIE} cookie`).to.not.equal(null);

      // Kept unused while the tables are searched: the code must still work afterwards.
      let stored = await everyRow(service);
      expect(stored, 'the authorization code').not.to.include(code);
      expect(stored, 'the session id').not.to.include(session![1]);

      const tokens = await oidc.authorizationCodeGrant(client, new URL(landed.url), first.checks);
      const opaque = tokens.access_token;
      const refreshToken = tokens.refresh_token!;
      expect(opaque, 'an opaque access token (for userinfo)').not.to.include('.');
      const forApi = (
        await oidc.refreshTokenGrant(client, refreshToken, {
          resource: apiResource(service.config),
        })
      ).access_token;
      expect(forApi.split('.'), "a JWT for the API's audience").to.have.length(3);
      const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'] });
      const { clientId, clientSecret } = await addSecret(service, machine);
      const machineToken = await clientCredentialsToken(
        service,
        clientId,
        oidc.ClientSecretBasic(clientSecret),
      );

      stored = await everyRow(service);
      for (const [what, value] of [
        ['the session id', session![1]!],
        ['the opaque access token', opaque],
        ['the refresh token', refreshToken],
        ["the API's access token", forApi],
        ["the API's access token's signature", forApi.split('.')[2]!],
        ['the client-credentials token', machineToken],
      ] as const)
        expect(stored, what).not.to.include(value);

      // Each still does what it is for.
      const info = await oidc.fetchUserInfo(client, opaque, owner.userId);
      expect(info.preferred_username).to.equal(owner.userName);
      const imported = await service.importUser(minimalImport(`at-rest-${Date.now()}`), {
        token: forApi,
      });
      expect(imported.status, imported.text).to.equal(200);
      const byMachine = await service.importUser(minimalImport(`at-rest-m-${Date.now()}`), {
        token: machineToken,
      });
      expect(byMachine.status, byMachine.text).to.equal(200);
      const refreshed = await oidc.refreshTokenGrant(client, refreshToken);
      expect(refreshed.claims()?.sub).to.equal(owner.userId);
      // The session signs the person in again without a password: a code at once.
      const again = await authorization(client);
      const second = await browser.open(again.url);
      const secondCode = new URL(second.url).searchParams.get('code');
      expect(secondCode, second.html).to.be.a('string');
      expect(await everyRow(service), 'the second code').not.to.include(secondCode);
      const exchanged = await oidc.authorizationCodeGrant(
        client,
        new URL(second.url),
        again.checks,
      );
      expect(exchanged.claims()?.sub).to.equal(owner.userId);
    });
  },
  publicUrlEnv,
);
