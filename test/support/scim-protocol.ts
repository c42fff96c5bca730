import { expect } from 'chai';
import { buildOwner } from './factories.js';
import { addPersonalAccessToken, buildMachine } from './machine-users.js';
import { pollUntil } from './poll.js';
import type { ApiResponse, TestService } from './test-service.js';

/** The URNs of RFC 7643/7644 that the answers carry. */
export const SCIM_URN = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** A directory's client: its requests under `/scim/v2/{orgId}`, with the headers it sends. */
export type DirectoryClient = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiResponse>;

/**
 * Requests as a directory sends them: its bearer token, its own headers (User-Agent,
 * Content-Type) on each, a body as the exact JSON text given (a string) or the object's JSON.
 */
export function directoryClient(
  service: TestService,
  orgId: string,
  token: string,
  headers: Record<string, string>,
): DirectoryClient {
  return (method, path, body, more = {}) =>
    service.call(method, `/scim/v2/${orgId}${path}`, {
      token,
      headers: { ...headers, ...more },
      ...(body !== undefined && {
        rawBody: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    });
}

/** RFC 7644 §3.1 and §8.1: every answer with a body is `application/scim+json`. */
function expectScimJson(response: ApiResponse, status: number) {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/scim\+json(;|$)/);
}

/**
 * A User answer (RFC 7643 §3.1, §4.1; RFC 7644 §3.3, §3.4.1, §3.14): the status, the core
 * schema, a server-assigned `id`, `userName`, `meta` with resourceType, created, lastModified,
 * the resource's own location and a version that is the answer's ETag. Returns the User.
 */
export function expectUserAnswer(
  response: ApiResponse,
  status: number,
  base: string,
): Record<string, any> {
  expectScimJson(response, status);
  const user = response.body;
  expect(user.schemas).to.be.an('array').that.includes(SCIM_URN.user);
  expect(user.id).to.be.a('string').and.not.equal('');
  expect(user.userName).to.be.a('string').and.not.equal('');
  expect(user.active).to.be.a('boolean');
  expect(user).not.to.have.property('password');
  const { meta } = user;
  expect(meta.resourceType).to.equal('User');
  expect(new Date(meta.created).toISOString()).to.equal(meta.created);
  expect(new Date(meta.lastModified).toISOString()).to.equal(meta.lastModified);
  expect(meta.location).to.equal(`${base}/Users/${user.id}`);
  expect(meta.version).to.match(/^W\/"\d+"$/);
  expect(response.headers.get('etag')).to.equal(meta.version);
  if (status === 201) expect(response.headers.get('location')).to.equal(meta.location);
  return user;
}

/**
 * A ListResponse (RFC 7644 §3.4.2): the schema, `totalResults`, `itemsPerPage` and `startIndex`
 * as integers (Okta requires numbers), and `Resources` holding `itemsPerPage` resources.
 */
export function expectListAnswer(
  response: ApiResponse,
  {
    totalResults,
    itemsPerPage,
    startIndex = 1,
  }: { totalResults: number; itemsPerPage: number; startIndex?: number },
): Record<string, any>[] {
  expectScimJson(response, 200);
  const list = response.body;
  expect(list.schemas).to.deep.equal([SCIM_URN.list]);
  expect(list).to.include({ totalResults, itemsPerPage, startIndex });
  expect(list.Resources).to.be.an('array').with.lengthOf(itemsPerPage);
  return list.Resources;
}

/**
 * The same User, but for `meta.version` and `meta.lastModified`: a person made without a
 * password is sent the initialization email, whose event moves the version a moment after the
 * directory's write was answered (each answer's version is checked against its ETag).
 */
export function expectSameUser(actual: Record<string, any>, expected: Record<string, any>) {
  const unversioned = ({ meta, ...user }: Record<string, any>) => {
    const { version: _version, lastModified: _lastModified, ...rest } = meta;
    return { ...user, meta: rest };
  };
  expect(unversioned(actual)).to.deep.equal(unversioned(expected));
}

/** An error (RFC 7644 §3.12): its status, as a string, in the Error message, with a detail. */
export function expectErrorAnswer(response: ApiResponse, status: number, scimType?: string) {
  expectScimJson(response, status);
  expect(response.body.schemas).to.deep.equal([SCIM_URN.error]);
  expect(response.body.status).to.equal(String(status));
  expect(response.body.detail).to.be.a('string').and.not.equal('');
  if (scimType === undefined) expect(response.body).not.to.have.property('scimType');
  else expect(response.body.scimType).to.equal(scimType);
}

/** An organization as a directory provisions it: its id, the SCIM base URL, the directory's token. */
export interface DirectoryOrg {
  orgId: string;
  base: string;
  token: string;
}

/**
 * A fresh organization whose only user is a machine user with ORG_USER_MANAGER (user.read,
 * user.write) and a personal access token, as an administrator sets one up for a directory:
 * the owner who made it is removed (through SCIM, with that token), so that its Users are the
 * directory's alone and a list's totals are the directory's own.
 */
export async function directoryOrg(service: TestService): Promise<DirectoryOrg> {
  const owner = await buildOwner(service);
  const machine = await buildMachine(service, { roles: ['ORG_USER_MANAGER'], owner });
  const { token } = await addPersonalAccessToken(service, machine);
  const call = directoryClient(service, owner.orgId, token, {});
  // The owner is in the read model a moment after it was made.
  await pollUntil(
    () => call('GET', `/Users/${owner.userId}`),
    (user) => user.status === 200,
  );
  const removed = await call('DELETE', `/Users/${owner.userId}`);
  expect(removed.status, removed.text).to.equal(204);
  await pollUntil(
    () => call('GET', '/Users?count=0'),
    (list) => list.body.totalResults === 0,
  );
  const base = `${service.config.publicUrl.replace(/\/$/, '')}/scim/v2/${owner.orgId}`;
  return { orgId: owner.orgId, base, token };
}
