import { expect } from 'chai';
import type { ApiResponse, TestService } from './test-service.js';

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A SCIM call: `path` under /scim/v2/{orgId}, the body as application/scim+json. */
export function scim(
  service: TestService,
  orgId: string,
  method: string,
  path: string,
  {
    token,
    body,
    contentType = 'application/scim+json',
    ifMatch,
  }: { token?: string; body?: unknown; contentType?: string; ifMatch?: string } = {},
): Promise<ApiResponse> {
  return service.call(method, `/scim/v2/${orgId}${path}`, {
    ...(token !== undefined && { token }),
    headers: { 'content-type': contentType, ...(ifMatch !== undefined && { 'if-match': ifMatch }) },
    ...(body !== undefined && { rawBody: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** A SCIM error: the status, in SCIM's shape and content type, with `scimType` when given. */
export function expectScimError(response: ApiResponse, status: number, scimType?: string) {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/scim\+json/);
  expect(response.body).to.include({ status: String(status) });
  expect(response.body.schemas).to.deep.equal([ERROR]);
  expect(response.body.detail).to.be.a('string').and.not.equal('');
  if (scimType) expect(response.body.scimType).to.equal(scimType);
  else expect(response.body).not.to.have.property('scimType');
}

/** A person as a directory sends one: a work email, Ada Lovelace's names, and `more`. */
export function person(userName: string, more: Record<string, unknown> = {}) {
  return {
    schemas: [USER],
    userName,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ value: `${userName}@example.com`, primary: true, type: 'work' }],
    ...more,
  };
}
