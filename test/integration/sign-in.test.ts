import { expect } from 'chai';
import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { startApi } from '../../services/api/api.js';
import { loadVerificationKeys } from '../../services/api/auth/token-keys.js';
import { createLogger } from '../../shared/logging/logger.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, buildOwnerWithPassword } from '../support/factories.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { minimalImport } from '../support/requests.js';
import {
  authorization,
  publicUrlEnv,
  REDIRECT_URI,
  relyingParty,
} from '../support/relying-party.js';
import { pageError, SignInBrowser } from '../support/sign-in-flow.js';

describeOnEachDatabase(
  'Sign-in through the OpenID provider',
  (service) => {
    it('publishes discovery with the issuer, PKCE S256 and the endpoints under /oidc', async () => {
      const response = await fetch(`${service.api.url}/.well-known/openid-configuration`);
      expect(response.status).to.equal(200);
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery.issuer).to.equal(service.config.publicUrl);
      expect(discovery.code_challenge_methods_supported).to.deep.equal(['S256']);
      expect(discovery.authorization_endpoint).to.equal(`${service.config.publicUrl}/oidc/auth`);
      expect(discovery.end_session_endpoint).to.equal(
        `${service.config.publicUrl}/oidc/session/end`,
      );
    });

    it('offers in discovery what every client can use, and nothing the provider would refuse', async () => {
      const response = await fetch(`${service.api.url}/.well-known/openid-configuration`);
      const discovery = (await response.json()) as Record<string, unknown>;
      expect(discovery).to.deep.include({
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        token_endpoint_auth_methods_supported: [
          'client_secret_basic',
          'client_secret_post',
          'private_key_jwt',
          'none',
        ],
        token_endpoint_auth_signing_alg_values_supported: [
          'RS256',
          'PS256',
          'ES256',
          'ES384',
          'EdDSA',
        ],
        revocation_endpoint: `${service.config.publicUrl}/oidc/revoke`,
        introspection_endpoint: `${service.config.publicUrl}/oidc/introspect`,
        code_challenge_methods_supported: ['S256'],
      });
      for (const feature of [
        'pushed_authorization_request_endpoint',
        'dpop_signing_alg_values_supported',
        'registration_endpoint',
        'request_parameter_supported',
      ])
        expect(discovery, feature).not.to.have.property(feature);
    });

    it('refuses the implicit and hybrid flows as unsupported, not per client', async () => {
      const client = await relyingParty(service);
      for (const responseType of ['id_token', 'code id_token', 'none']) {
        const url = oidc.buildAuthorizationUrl(client, {
          redirect_uri: REDIRECT_URI,
          response_type: responseType,
          scope: 'openid',
          nonce: 'n',
          code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
          code_challenge_method: 'S256',
        });
        const answer = await fetch(url, { redirect: 'manual' });
        const location = answer.headers.get('location') ?? '';
        expect(location, responseType).to.match(/[#?&]error=unsupported_response_type/);
      }
    });

    it('signs in with openid-client, refreshes, reads userinfo and imports with the token', async () => {
      const owner = await buildOwnerWithPassword(service);
      const client = await relyingParty(service);
      const { url, checks } = await authorization(client);
      const browser = new SignInBrowser(service.config.publicUrl);
      const landed = await browser.signIn(url, owner.userName, owner.password);
      expect(landed.url, landed.html).to.match(/^http:\/\/127\.0\.0\.1:1\/callback\?code=/);

      const tokens = await oidc.authorizationCodeGrant(client, new URL(landed.url), checks, {
        resource: apiResource(service.config),
      });
      expect(tokens.claims()!.sub).to.equal(owner.userId);
      const claims = decodeJwt(tokens.access_token);
      expect(claims).to.include({
        iss: service.config.publicUrl,
        aud: service.config.auth.audience,
        sub: owner.userId,
      });
      const imported = await service.importUser(minimalImport(`signed-in-${Date.now()}`), {
        token: tokens.access_token,
      });
      expect(imported.status, imported.text).to.equal(200);

      const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
      const info = await oidc.fetchUserInfo(client, refreshed.access_token, owner.userId);
      expect(info).to.include({ sub: owner.userId, preferred_username: owner.userName });
      expect(info.email).to.equal(`${owner.userName}@example.com`);
    });

    it('introspection names the person whose token it is: sub and username', async () => {
      const owner = await buildOwnerWithPassword(service);
      const client = await relyingParty(service);
      const { url, checks } = await authorization(client);
      const landed = await new SignInBrowser(service.config.publicUrl).signIn(
        url,
        owner.userName,
        owner.password,
      );
      const tokens = await oidc.authorizationCodeGrant(client, new URL(landed.url), checks);
      for (const token of [tokens.access_token, tokens.refresh_token!]) {
        const answer = await oidc.tokenIntrospection(client, token);
        expect(answer).to.include({
          active: true,
          sub: owner.userId,
          username: owner.userName,
          client_id: client.clientMetadata().client_id,
        });
      }
      expect(await oidc.tokenIntrospection(client, 'not-a-token')).to.deep.equal({ active: false });
    });

    it('signs in users imported with a hash of every accepted format', async () => {
      const { orgId } = await buildOwner(service);
      const client = await relyingParty(service);
      for (const [i, vector] of FOREIGN_VECTORS.entries()) {
        const userName = `hashed-${i}-${Date.now()}`;
        const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
          ...minimalImport(userName),
          hashedPassword: { value: vector.encoded },
        });
        const landed = await new SignInBrowser(service.config.publicUrl).signIn(
          (await authorization(client)).url,
          userName,
          vector.password,
        );
        expect(landed.url, `${vector.format}: ${pageError(landed)}`).to.match(/callback\?code=/);
        const [stored] = (await service.dataSource.query(
          'SELECT password_hash FROM users WHERE id = ?',
          [userId],
        )) as { password_hash: string }[];
        expect(stored!.password_hash, `${vector.format}: upgraded`).to.match(/^\$argon2id\$/);
      }
    });

    it('finishes on a second replica a sign-in started on the first', async () => {
      const owner = await buildOwnerWithPassword(service);
      const replica = await startApi(
        { dataSource: service.dataSource, config: service.config, logger: createLogger('silent') },
        await loadVerificationKeys(service.config.auth),
        0,
        0,
      );
      try {
        const client = await relyingParty(service);
        const browser = new SignInBrowser(service.config.publicUrl);
        const first = await browser.open((await authorization(client)).url);
        const second = await browser.submit(first, { userName: owner.userName });
        // The password goes to the other replica (cookies are per host, not per port).
        const onReplica = { ...second, url: second.url.replace(service.api.url, replica.url) };
        const landed = await browser.submit(onReplica, {
          password: owner.password,
        });
        expect(landed.url, pageError(landed)).to.match(/callback\?code=/);
      } finally {
        await replica.close();
      }
    });

    it('answers an unknown user name as a wrong password, in the browser language', async () => {
      const owner = await buildOwner(service);
      const client = await relyingParty(service);
      const wrong = await new SignInBrowser(service.config.publicUrl).signIn(
        (await authorization(client)).url,
        owner.userName,
        'not the password',
      );
      const unknown = await new SignInBrowser(service.config.publicUrl).signIn(
        (await authorization(client)).url,
        'nobody-here',
        'not the password',
      );
      expect(wrong.status).to.equal(400);
      expect(pageError(wrong)).to.equal('Unknown user name or wrong password.');
      expect(pageError(unknown)).to.equal(pageError(wrong));
      const german = await new SignInBrowser(service.config.publicUrl, 'de-CH,de;q=0.9').signIn(
        (await authorization(client)).url,
        'nobody-here',
        'x',
      );
      expect(pageError(german)).to.equal('Unbekannter Benutzername oder falsches Passwort.');
    });

    it('refuses a form without its CSRF token', async () => {
      const client = await relyingParty(service);
      const browser = new SignInBrowser(service.config.publicUrl);
      const first = await browser.open((await authorization(client)).url);
      const forged = await browser.submit(
        { ...first, html: first.html.replace(/name="_csrf" value="[^"]+"/, '') },
        { userName: 'x' },
      );
      expect(forged.status).to.equal(403);
    });

    /** A new user whose password (`password`) must change at the next sign-in: its name. */
    const mustChangePassword = async (prefix: string, password: string) => {
      const { orgId } = await buildOwner(service);
      const userName = `${prefix}-${Date.now()}`;
      await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        password,
        passwordChangeRequired: true,
      });
      return userName;
    };

    it('makes a user whose password must change set a new one', async () => {
      const userName = await mustChangePassword('change', 'Old-passw0rd!');
      const client = await relyingParty(service);
      const browser = new SignInBrowser(service.config.publicUrl);
      const asked = await browser.signIn(
        (await authorization(client)).url,
        userName,
        'Old-passw0rd!',
      );
      expect(asked.html).to.contain('name="newPassword"');
      const policy =
        'At least 8 characters, with a lower-case letter, an upper-case letter, a digit and a symbol.';
      expect(asked.html, 'the policy, before it is broken').to.contain(policy);
      const weak = await browser.submit(asked, { newPassword: 'short', repeatPassword: 'short' });
      expect(pageError(weak)).to.equal(`The password does not meet the policy. ${policy}`);
      const landed = await browser.submit(weak, {
        newPassword: 'New-passw0rd!',
        repeatPassword: 'New-passw0rd!',
      });
      expect(landed.url).to.match(/callback\?code=/);
      const old = await new SignInBrowser(service.config.publicUrl).signIn(
        (await authorization(client)).url,
        userName,
        'Old-passw0rd!',
      );
      expect(pageError(old)).to.equal('Unknown user name or wrong password.');
    });

    it('says the password policy in German on the German pages, in German alone', async () => {
      const userName = await mustChangePassword('wechsel', 'Altes-Passw0rt!');
      const browser = new SignInBrowser(service.config.publicUrl, 'de-CH,de;q=0.9');
      const asked = await browser.signIn(
        (await authorization(await relyingParty(service))).url,
        userName,
        'Altes-Passw0rt!',
      );
      const weak = await browser.submit(asked, { newPassword: 'kurz', repeatPassword: 'kurz' });
      expect(pageError(weak)).to.equal(
        'Das Passwort erfüllt die Richtlinie nicht. Mindestens 8 Zeichen, mit einem Kleinbuchstaben, einem Großbuchstaben, einer Ziffer und einem Sonderzeichen.',
      );
    });
  },
  publicUrlEnv,
);
