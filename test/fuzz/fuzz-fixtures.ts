import { randomUUID } from 'node:crypto';
import { generateSigningJwk } from '../../services/api/admin/tokens.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { type TestService } from '../support/test-service.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { buildProvider } from '../support/login-policy-providers.js';

/** What the fuzzer's requests refer to: callers, organizations, projects, an IdP. */
export interface FuzzFixtures {
  orgId: string;
  /** An organization the owner has no role in. */
  otherOrgId: string;
  /** ORG_OWNER of `orgId`: imports and project updates. */
  owner: { userId: string; token: string };
  /** A user of `orgId` without roles: profile updates only. */
  member: { userId: string; token: string };
  /** IAM_OWNER (a user of `orgId`): the instance defaults (label and login policies). */
  instanceOwner: { token: string };
  /** Projects of `orgId`. */
  projectIds: string[];
  /** A project of `otherOrgId`. */
  otherProjectId: string;
  /** An identity provider of `orgId` (made by identityctl), which imports link to. */
  idpId: string;
  /** An identity provider of the instance, and one of `otherOrgId`: for the login policies. */
  instanceIdpId: string;
  otherIdpId: string;
  /** Another identity provider of `orgId`, which DeleteProvider may remove. */
  spareIdpId: string;
  /** Tokens the service must refuse: expired, another audience, another key, an unknown user. */
  refusedTokens: string[];
  /** The owner's token with a sign-in of now (`auth_time`): adding a passkey asks for one. */
  recentlySignedIn: string;
  /** A passkey of the owner's and one of the member's, to rename and remove. */
  passkeyIds: string[];
  /** Machine users of `orgId`: the first to change, the second to change and remove. */
  machineUserIds: [string, string];
  /** A browser's CSRF cookie for the sign-in pages, and the token its forms carry. */
  signInForms: { cookie: string; csrf: string };
  /** A person of `orgId` with a password: their own password and email. */
  account: { userId: string; token: string; password: string };
}

const ACCOUNT_PASSWORD = 'Fuzz-keeper-1!';

/** Tokens that outlive any campaign (a long one runs for tens of minutes). */
const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export async function createFuzzFixtures(service: TestService): Promise<FuzzFixtures> {
  const owner = await buildOwner(service);
  const other = await buildOwner(service);
  const member = await buildMember(service, { orgId: owner.orgId });
  const instanceOwner = await buildMember(service, { orgId: owner.orgId, roles: ['IAM_OWNER'] });
  const projectIds = [
    (await buildProject(service, { orgId: owner.orgId })).projectId,
    (await buildProject(service, { orgId: owner.orgId })).projectId,
  ];
  const token = (userId: string) => service.token(userId, { ttlSeconds: TOKEN_TTL_SECONDS });
  const recent = (userId: string) =>
    service.token(userId, {
      ttlSeconds: TOKEN_TTL_SECONDS,
      claims: { auth_time: Math.floor(Date.now() / 1000) },
    });
  const passkeyIds = [
    await addPasskey(service, await recent(owner.userId)),
    await addPasskey(service, await recent(member.userId)),
  ];
  const account = await service.importUser(
    {
      userName: `fuzz-account-${randomUUID().slice(0, 8)}`,
      profile: { firstName: 'Fuzz', lastName: 'Account' },
      email: { email: 'fuzz-account@example.com', isEmailVerified: true },
      password: ACCOUNT_PASSWORD,
    },
    { token: await token(owner.userId) },
  );
  return {
    orgId: owner.orgId,
    otherOrgId: other.orgId,
    owner: { userId: owner.userId, token: await token(owner.userId) },
    member: { userId: member.userId, token: await token(member.userId) },
    instanceOwner: { token: await token(instanceOwner.userId) },
    projectIds,
    otherProjectId: (await buildProject(service, { orgId: other.orgId })).projectId,
    idpId: (await buildIdp(service, { orgId: owner.orgId })).idpId,
    instanceIdpId: await buildProvider(service, { orgId: owner.orgId, ownerType: 'instance' }),
    otherIdpId: await buildProvider(service, { orgId: other.orgId }),
    spareIdpId: (await buildIdp(service, { orgId: owner.orgId })).idpId,
    refusedTokens: [
      await service.token(owner.userId, { ttlSeconds: -60 }),
      await service.token(owner.userId, { audience: 'another-service' }),
      await service.token(owner.userId, { jwk: await generateSigningJwk() }),
      await service.token(randomUUID()),
    ],
    recentlySignedIn: await recent(owner.userId),
    passkeyIds,
    machineUserIds: [
      (await buildMachine(service, { owner })).userId,
      (await buildMachine(service, { owner })).userId,
    ],
    signInForms: await signInForms(service),
    account: {
      userId: account.body.userId,
      token: await token(account.body.userId),
      password: ACCOUNT_PASSWORD,
    },
  };
}

/** The CSRF cookie and token the "Forgot password?" page gives a browser. */
async function signInForms(service: TestService): Promise<FuzzFixtures['signInForms']> {
  const page = await fetch(`${service.api.url}/ui/login/password/forgot`);
  const cookie = /sign_in_csrf=([^;]+)/.exec(page.headers.getSetCookie().join(';'))?.[1];
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!cookie || !csrf) throw new Error('no CSRF token for the fuzz fixtures');
  return { cookie, csrf };
}

/** A passkey added through the operations, with a software authenticator: its id. */
async function addPasskey(service: TestService, token: string): Promise<string> {
  const path = '/auth/v1/users/me/passkeys';
  const started = await service.call('POST', `${path}/_start-registration`, { token, body: {} });
  const { origin, hostname } = new URL(service.config.publicUrl);
  const credential = new SoftwareAuthenticator(origin, hostname).register(started.body.options);
  const finished = await service.call('POST', `${path}/_finish-registration`, {
    token,
    body: { ceremonyId: started.body.ceremonyId, credential },
  });
  if (finished.status !== 200)
    throw new Error(`no passkey for the fuzz fixtures: ${finished.text}`);
  return finished.body.passkey.id as string;
}
