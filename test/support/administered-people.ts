import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { apiResource } from '../../services/api/oidc/oidc-paths.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { Passkey } from '../../shared/db/entities/index.js';
import { buildOwner, type BuiltMember } from './factories.js';
import { authorization, REDIRECT_URI, relyingParty } from './relying-party.js';
import { minimalImport } from './requests.js';
import { pageError, SignInBrowser, type SignInPage } from './sign-in-flow.js';
import type { ApiResponse } from './service-client.js';
import type { TestService } from './test-service.js';

type GrantedTokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

/** What `administeredPeople` sets up, once its hook has run. */
export interface AdministeredPeople {
  /** ORG_OWNER of the people's organization: the administrator. */
  owner: BuiltMember;
  /** A confidential client whose redirect URI is REDIRECT_URI. */
  client: oidc.Configuration;
  /** A person of the owner's organization, initialized (email verified) with `password`. */
  person(fields?: Record<string, unknown>): Promise<{ userId: string; userName: string }>;
  /** The page after the user name and `password` at a new authorization of the client. */
  signIn(userName: string, password?: string): Promise<SignInPage>;
  /** Signs in through the pages with `password`: the provider's session and the tokens. */
  signedIn(userName: string): Promise<{ browser: SignInBrowser; tokens: GrantedTokens }>;
  /** What the pages say to the user name and `password` now: 'signed in', or their error. */
  signInSays(userName: string): Promise<string | undefined>;
  /** Whether the API takes `token` (anything but 401 for the caller's own profile). */
  apiTakes(token: string): Promise<boolean>;
  /** 'refreshed', or the error the provider answers to the refresh token. */
  refreshed(refreshToken: string): Promise<string | undefined>;
  /** A management call on the users (`/management/v1/users` + `path`) as the owner. */
  manage(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
}

/**
 * People an administrator manages, for the suites of a user's life: registers the enclosing
 * suite's `before` hook, which makes the owner and the client and starts the relay and the worker
 * (so that the read models follow).
 */
export function administeredPeople(service: TestService, password: string): AdministeredPeople {
  const people = {
    async person(fields: Record<string, unknown> = {}) {
      const userName = `person-${randomUUID().slice(0, 8)}`;
      const { userId } = await createHumanUser(
        service.dataSource,
        service.config,
        people.owner.orgId,
        {
          ...minimalImport(userName),
          // Initialized: no initialization email, whose events would come between a test's.
          email: { email: `${userName}@example.com`, isEmailVerified: true },
          password,
          ...fields,
        },
      );
      return { userId, userName };
    },
    async signIn(userName: string, with_ = password) {
      const browser = new SignInBrowser(service.config.publicUrl);
      return browser.signIn((await authorization(people.client)).url, userName, with_);
    },
    async signedIn(userName: string) {
      const browser = new SignInBrowser(service.config.publicUrl);
      const { url, checks } = await authorization(people.client);
      const callback = await browser.signIn(url, userName, password);
      expect(callback.url, pageError(callback)).to.match(
        /^http:\/\/127\.0\.0\.1:1\/callback\?code=/,
      );
      const tokens = await oidc.authorizationCodeGrant(
        people.client,
        new URL(callback.url),
        checks,
        { resource: apiResource(service.config) },
      );
      return { browser, tokens };
    },
    async signInSays(userName: string) {
      const page = await people.signIn(userName);
      return page.url.startsWith(REDIRECT_URI) ? 'signed in' : pageError(page);
    },
    apiTakes: async (token: string) =>
      (await service.call('GET', '/auth/v1/users/me/profile', { token })).status !== 401,
    refreshed: (refreshToken: string) =>
      oidc.refreshTokenGrant(people.client, refreshToken).then(
        () => 'refreshed',
        (error: { error?: string }) => error.error,
      ),
    manage: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      service.call(method, `/management/v1/users${path}`, {
        token: people.owner.token,
        body: body ?? (method === 'DELETE' ? undefined : {}),
        headers,
      }),
  } as AdministeredPeople;
  before(async () => {
    people.owner = await buildOwner(service);
    people.client = await relyingParty(service);
    await service.startRelay();
    await service.startWorker();
  });
  return people;
}

/** A passkey row of the user's (no real key: enough to be listed and removed). */
export function storedPasskey(service: TestService, userId: string): Promise<Passkey> {
  return service.dataSource.getRepository(Passkey).save({
    id: randomUUID(),
    userId,
    credentialId: randomUUID(),
    publicKey: Buffer.from('key'),
    signCount: 0,
    transports: '[]',
    deviceType: 'singleDevice',
    backedUp: false,
    name: 'Key',
    createdAt: new Date(),
    lastUsedAt: null,
  });
}
