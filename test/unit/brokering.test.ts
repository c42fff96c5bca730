import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { IdpConfig } from '../../shared/db/entities/index.js';
import { providerRow } from '../support/identity-providers.js';
import { externalIdentity, namesOf } from '../../services/api/brokering/claims.js';
import { personOf } from '../../services/api/brokering/brokered-sign-in.js';
import {
  InsecureProviderAddress,
  UpstreamClient,
} from '../../services/api/brokering/upstream-client.js';

const CALLBACK = 'https://id.example/ui/login/idp/callback';

/** An OAuth provider's configuration at https, `fields` over it. */
function config(fields: Partial<IdpConfig> = {}): IdpConfig {
  return providerRow({
    id: 'idp-1',
    orgId: 'org-1',
    name: 'Hub',
    type: 'oauth',
    clientId: 'client-1',
    scopes: ['read:user', 'user:email'],
    authorizationEndpoint: 'https://hub.example/login/oauth/authorize',
    tokenEndpoint: 'https://hub.example/login/oauth/access_token',
    userEndpoint: 'https://api.hub.example/user',
    idAttribute: 'id',
    ...fields,
  });
}

describe('identity brokering (services/api/brokering)', () => {
  const client = new UpstreamClient(randomBytes(32), CALLBACK);

  it('asks an OAuth provider for a code with PKCE S256 and a state, no nonce, the scopes', async () => {
    const { url, checks } = await client.authorizationUrl(config());
    expect(url.origin + url.pathname).to.equal('https://hub.example/login/oauth/authorize');
    const asked = Object.fromEntries(url.searchParams);
    expect(asked).to.deep.include({
      client_id: 'client-1',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'read:user user:email',
      state: checks.state,
      code_challenge_method: 'S256',
    });
    expect(asked.code_challenge).to.match(/^[\w-]{43}$/);
    expect(asked).not.to.have.property('nonce');
    expect(checks.verifier).to.be.a('string');
  });

  it('sends no PKCE when the configuration turns it off', async () => {
    const { url, checks } = await client.authorizationUrl(config({ usePkce: false }));
    expect(url.searchParams.has('code_challenge')).to.equal(false);
    expect(checks).not.to.have.property('verifier');
  });

  it('keeps a configuration per id and sequence', async () => {
    const first = await client.authorizationUrl(config({ id: 'idp-kept' }));
    const kept = await client.authorizationUrl(
      config({ id: 'idp-kept', authorizationEndpoint: 'https://other.example/authorize' }),
    );
    expect(kept.url.host, 'the same sequence').to.equal(first.url.host);
    const changed = await client.authorizationUrl(
      config({
        id: 'idp-kept',
        sequence: '2',
        authorizationEndpoint: 'https://other.example/authorize',
      }),
    );
    expect(changed.url.host).to.equal('other.example');
  });

  it('refuses a provider over plain http, but on this machine', async () => {
    for (const address of ['http://hub.example/authorize', 'ftp://hub.example/authorize']) {
      const refused = await client
        .authorizationUrl(config({ id: address, authorizationEndpoint: address }))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused, address).to.be.instanceOf(InsecureProviderAddress);
    }
    const refused = await client
      .authorizationUrl(config({ id: 'idp-oidc', type: 'oidc', issuer: 'http://idp.example' }))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).to.be.instanceOf(InsecureProviderAddress);
    const local = config({
      id: 'idp-local',
      authorizationEndpoint: 'http://127.0.0.1:8081/authorize',
      tokenEndpoint: 'http://localhost:8081/token',
      userEndpoint: 'http://[::1]:8081/user',
    });
    expect((await client.authorizationUrl(local)).url.host).to.equal('127.0.0.1:8081');
  });

  it('reads claims strictly: email_verified only as true, text within our columns', () => {
    const read = (claims: Record<string, unknown>) =>
      externalIdentity(config(), { subject: 's-1', claims });
    expect(read({ email: 'a@example.com', email_verified: true }).emailVerified).to.equal(true);
    for (const verified of [undefined, false, 'true', 1])
      expect(read({ email: 'a@example.com', email_verified: verified }).emailVerified).to.equal(
        false,
      );
    // No address, nothing verified.
    expect(read({ email_verified: true }).emailVerified).to.equal(false);
    const long = read({
      given_name: 'x'.repeat(300),
      family_name: '   ',
      email: `${'y'.repeat(320)}@example.com`,
      login: 'octocat',
    });
    expect(long.firstName).to.have.length(200);
    expect(long).not.to.have.property('lastName');
    expect(long).not.to.have.property('email');
    expect(long.userName).to.equal('octocat');
  });

  it('makes a person of the claims only when they name them whole', () => {
    const identity = (claims: Record<string, unknown>) =>
      externalIdentity(config(), { subject: 's-1', claims });
    expect(namesOf(identity({ name: 'Grace Brewster Hopper' }))).to.deep.equal({
      firstName: 'Grace Brewster',
      lastName: 'Hopper',
    });
    expect(namesOf(identity({ name: 'Cher' }))).to.equal(undefined);
    expect(personOf(identity({ name: 'Ada Lovelace', email: 'ada@example.com' }))).to.deep.equal({
      userName: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: false,
    });
    expect(personOf(identity({ name: 'Ada Lovelace' })), 'no email').to.equal(undefined);
  });
});
