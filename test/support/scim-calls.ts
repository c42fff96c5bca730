import { expect } from 'chai';
import { buildOwner, buildProject } from './factories.js';
import { addPersonalAccessToken, buildMachine } from './machine-users.js';
import type { ApiResponse, TestService } from './test-service.js';

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A SCIM call: `path` under `/scim/v2/{base}` (an organization, or `{orgId}/projects/{id}`). */
export function scimCall(
  service: TestService,
  base: string,
  method: string,
  path: string,
  {
    token,
    body,
    contentType = 'application/scim+json',
    ifMatch,
  }: { token?: string; body?: unknown; contentType?: string; ifMatch?: string } = {},
): Promise<ApiResponse> {
  return service.call(method, `/scim/v2/${base}${path}`, {
    ...(token !== undefined && { token }),
    headers: { 'content-type': contentType, ...(ifMatch !== undefined && { 'if-match': ifMatch }) },
    ...(body !== undefined && { rawBody: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** A SCIM error: the status, in SCIM's shape and content type, with `scimType` when given. */
export function expectScimError(response: ApiResponse, status: number, scimType?: string) {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/scim\+json/);
  expectScimErrorBody(response.body, status, scimType);
}

/** A SCIM error message's body (alone, or as a BulkResponse operation's `response`). */
export function expectScimErrorBody(
  body: Record<string, unknown>,
  status: number,
  scimType?: string,
) {
  expect(body).to.include({ status: String(status) });
  expect(body.schemas).to.deep.equal([SCIM_ERROR]);
  expect(body.detail).to.be.a('string').and.not.equal('');
  if (scimType) expect(body.scimType).to.equal(scimType);
  else expect(body).not.to.have.property('scimType');
}

/**
 * What a directory pushing Users and Groups works with: an organization's owner, a machine user
 * of it holding ORG_OWNER with a personal access token, and a project of the organization, whose
 * SCIM endpoint is `/scim/v2/{base}`. The read models' worker runs (SCIM answers from them).
 */
export async function buildScimProject(service: TestService) {
  await service.startWorker();
  const owner = await buildOwner(service);
  const machine = await buildMachine(service, { roles: ['ORG_OWNER'], owner });
  const pat = (await addPersonalAccessToken(service, machine)).token;
  const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
  return { owner, pat, projectId, base: `${owner.orgId}/projects/${projectId}` };
}
