import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildProject, type BuiltMember } from '../support/factories.js';

/** The reads of a project's parts (which openapi-responses-project-access.test.ts leaves here) and of user grants. */
const PATHS =
  /^(POST \/management\/v1\/projects\/\{projectId\}\/(roles|apps|grants)\/_search|GET \/management\/v1\/projects\/\{projectId\}\/(apps\/\{appId\}|grants\/\{grantId\})|POST \/management\/v1\/users\/grants\/_search) /;

/**
 * The reads of a project's parts and of user grants: their real responses, success and each documented error, held
 * to the document the service serves; in the end every response the document declares for them
 * must have been seen.
 */
describe('the reads of a project’s parts and of user grants: REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  let owner: BuiltMember;
  const { conforms, call, answers, answersWhenLimited, unseen, withoutTable } = documentedAnswers(
    () => ({
      service,
      contract,
      owner,
    }),
  );

  describe('on a running service', () => {
    let projectId: string;

    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    it('ListProjectRoles: each response declared', async () => {
      const roles = `/management/v1/projects/${projectId}/roles`;
      await call(['POST', roles, { roleKey: 'keeper', displayName: 'Keeper' }]);
      const list: Call = ['POST', `${roles}/_search`, { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('project_roles'));
      expect(listed.body).to.have.keys('details', 'result');
      expect(listed.body.result[0]).to.include({ key: 'keeper', displayName: 'Keeper' });
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
      const none: Call = ['POST', '/management/v1/projects/none/roles/_search', {}];
      conforms(none, await call(none), 404);
    });

    it('ListApps and GetAppByID: each response declared', async () => {
      const apps = `/management/v1/projects/${projectId}/apps`;
      const settings = { name: 'Zoo app', redirectUris: ['https://zoo.example/callback'] };
      const { appId } = (await call(['POST', `${apps}/oidc`, settings])).body;
      const list: Call = ['POST', `${apps}/_search`, { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('applications'));
      expect(listed.body).to.have.keys('details', 'result');
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
      conforms(list, await call(['POST', '/management/v1/projects/none/apps/_search', {}]), 404);
      const read: Call = ['GET', `${apps}/${appId}`];
      const got = await answers(read, withoutTable('oidc_payloads'));
      expect(got.body.app.oidcConfig).to.include({
        clientId: listed.body.result[0].oidcConfig.clientId,
      });
      expect(got.headers.get('etag')).to.equal(`"${got.body.app.details.sequence}"`);
      conforms(read, await call(['GET', `${apps}/none`]), 404);
    });

    it('ListProjectGrants and GetProjectGrantByID: each response declared', async () => {
      const grants = `/management/v1/projects/${projectId}/grants`;
      const { orgId: grantedOrgId } = await buildOwner(service);
      const { grantId } = (await call(['POST', grants, { grantedOrgId }])).body;
      const list: Call = ['POST', `${grants}/_search`, { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('project_grants'));
      expect(listed.body.result[0]).to.include({ grantId, grantedOrgId });
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
      conforms(list, await call(['POST', '/management/v1/projects/none/grants/_search', {}]), 404);
      const read: Call = ['GET', `${grants}/${grantId}`];
      const got = await answers(read, withoutTable('project_grants'));
      expect(got.headers.get('etag')).to.equal(`"${got.body.projectGrant.details.sequence}"`);
      conforms(read, await call(['GET', `${grants}/none`]), 404);
    });

    it('ListUserGrants: 503 until the worker has reduced the grant named, then each response declared', async () => {
      const roles = `/management/v1/projects/${projectId}/roles`;
      await call(['POST', roles, { roleKey: 'reader', displayName: 'Reader' }]);
      const granted = await call([
        'POST',
        `/management/v1/users/${owner.userId}/grants`,
        { projectId, roleKeys: ['reader'] },
      ]);
      const list: Call = ['POST', '/management/v1/users/grants/_search', { query: { limit: 1 } }];
      const headers = { 'x-identity-after-sequence': granted.body.details.sequence };
      // No worker runs yet: the grant's write is not in the read model.
      conforms(list, await call(list, { headers }), 503);
      await service.startRelay();
      await service.startWorker();
      const listed = await call(list, { headers });
      conforms(list, listed, 200);
      expect(listed.body.result[0]).to.include({ id: granted.body.userGrantId, projectId });
      await answers(list, withoutTable('user_grant_read_models'));
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (projectId: string): Call[] => [
      ['POST', `/management/v1/projects/${projectId}/roles/_search`, {}],
      ['POST', `/management/v1/projects/${projectId}/apps/_search`, {}],
      ['GET', `/management/v1/projects/${projectId}/apps/none`],
      ['POST', `/management/v1/projects/${projectId}/grants/_search`, {}],
      ['GET', `/management/v1/projects/${projectId}/grants/none`],
      ['POST', '/management/v1/users/grants/_search', {}],
    ];
    answersWhenLimited(
      limited,
      async (orgId) => (await buildProject(limited.service, { orgId })).projectId,
      calls,
    );
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
