import { createPrivateKey, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { importPKCS8 } from 'jose';
import * as oidc from 'openid-client';
import { buildOwner, type BuiltMember } from './factories.js';
import type { TestService } from './test-service.js';

/** A machine user made through the operations by an owner of its organization. */
export interface BuiltMachine {
  orgId: string;
  userId: string;
  userName: string;
  /** The organization's owner who made it, to manage it. */
  owner: BuiltMember;
}

/** AddMachineUser, then AddOrgMember with `roles` when there are any. */
export async function buildMachine(
  service: TestService,
  { roles = [], owner }: { roles?: string[]; owner?: BuiltMember } = {},
): Promise<BuiltMachine> {
  owner ??= await buildOwner(service);
  const userName = `machine-${randomBytes(5).toString('hex')}`;
  const added = await service.call('POST', '/management/v1/users/machine', {
    token: owner.token,
    body: { userName, name: 'Provisioning job', description: 'imports sign-ups' },
  });
  expect(added.status, added.text).to.equal(200);
  const userId = added.body.userId as string;
  if (roles.length > 0) {
    const member = await service.call('POST', '/management/v1/orgs/me/members', {
      token: owner.token,
      body: { userId, roles },
    });
    expect(member.status, member.text).to.equal(200);
  }
  return { orgId: owner.orgId, userId, userName, owner };
}

/** Calls a machine user's management path (`/management/v1/users/{id}` + `path`) as its owner. */
export async function manageMachine(
  service: TestService,
  machine: BuiltMachine,
  method: string,
  path: string,
  body?: unknown,
) {
  return service.call(method, `/management/v1/users/${machine.userId}${path}`, {
    token: machine.owner.token,
    ...(body !== undefined && { body }),
  });
}

/** AddMachineSecret: the client id and the secret, shown this once. */
export async function addSecret(service: TestService, machine: BuiltMachine) {
  const response = await manageMachine(service, machine, 'PUT', '/secret', {});
  expect(response.status, response.text).to.equal(200);
  return response.body as { clientId: string; clientSecret: string };
}

/** AddPersonalAccessToken: its id and the token, shown this once. */
export async function addPersonalAccessToken(service: TestService, machine: BuiltMachine) {
  const response = await manageMachine(service, machine, 'POST', '/pats', {});
  expect(response.status, response.text).to.equal(200);
  return response.body as { tokenId: string; token: string };
}

/** The JSON key file AddMachineKey answers when the service makes the pair. */
export interface KeyFile {
  type: string;
  keyId: string;
  key: string;
  userId: string;
}

/** AddMachineKey with a pair the service makes: the key file it shows once. */
export async function addGeneratedKey(service: TestService, machine: BuiltMachine) {
  const response = await manageMachine(service, machine, 'POST', '/keys', {
    type: 'KEY_TYPE_JSON',
  });
  expect(response.status, response.text).to.equal(200);
  const file = JSON.parse(Buffer.from(response.body.keyDetails, 'base64').toString()) as KeyFile;
  return { keyId: response.body.keyId as string, file };
}

/** The key file's private key as openid-client signs assertions with it. */
export async function assertionKey(file: KeyFile): Promise<oidc.PrivateKey> {
  const pkcs8 = createPrivateKey(file.key).export({ type: 'pkcs8', format: 'pem' }).toString();
  return { key: (await importPKCS8(pkcs8, 'RS256')) as oidc.CryptoKey, kid: file.keyId };
}

/** openid-client's view of a machine user's client at the service, authenticating with `auth`. */
export function machineClient(
  service: TestService,
  clientId: string,
  auth: oidc.ClientAuth,
): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(service.config.publicUrl), clientId, undefined, auth, {
    execute: [oidc.allowInsecureRequests],
  });
}

/** A client-credentials token through openid-client, with the client's authentication. */
export async function clientCredentialsToken(
  service: TestService,
  clientId: string,
  auth: oidc.ClientAuth,
): Promise<string> {
  const client = await machineClient(service, clientId, auth);
  return (await oidc.clientCredentialsGrant(client)).access_token;
}

/** How long until `refused` holds, polled every 20 ms for at most `withinMs`. */
export async function timeUntil(refused: () => Promise<boolean>, withinMs = 10_000) {
  const started = performance.now();
  while (!(await refused())) {
    if (performance.now() - started > withinMs)
      throw new Error(`still accepted after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

/** The OAuth error code a token request was refused with; fails when it got a token. */
export async function refusal(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return error.error;
    // A 401 carries the error in its WWW-Authenticate challenge (RFC 6750).
    const challenge = error instanceof oidc.WWWAuthenticateChallengeError && error.cause[0];
    if (challenge && challenge.parameters.error) return challenge.parameters.error;
    throw error;
  }
  throw new Error('the token request succeeded');
}
