import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';
import { buildMember, buildOwner, buildProject, type BuiltMember } from '../support/factories.js';

const PATHS =
  /^(GET \/management\/v1\/(users|projects)\/\{id\}|POST \/management\/v1\/(users|projects)\/_search) /;

/**
 * The user reads' real responses, success and each documented error, held to the document the
 * service serves, as openapi-responses.test.ts holds the others'; in the end every response the
 * document declares for them must have been seen.
 */
describe('the user and project reads’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  let owner: BuiltMember;
  const { conforms, call, answers, limitedAnswers, unseen, withoutTable } = documentedAnswers(
    () => ({ service, contract, owner }),
  );
  const withoutReadModel = withoutTable('user_read_models');

  describe('on a running service', () => {
    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    it('answers 503 when the read model does not catch up with the write named (no worker runs yet)', async () => {
      const { userId, details } = (
        await service.importUser(
          {
            userName: 'unread',
            profile: { firstName: 'U', lastName: 'R' },
            email: { email: 'u@example.com' },
          },
          { token: owner.token },
        )
      ).body;
      const headers = { 'x-identity-after-sequence': details.sequence };
      const read: Call = ['GET', `/management/v1/users/${userId}`];
      conforms(read, await call(read, { headers }), 503);
      const list: Call = ['POST', '/management/v1/users/_search', {}];
      conforms(list, await call(list, { headers }), 503);
    });

    it('GetProjectByID and ListProjects: each response declared', async () => {
      await service.startRelay();
      await service.startWorker();
      const { projectId } = await buildProject(service, { orgId: owner.orgId });
      const read: Call = ['GET', `/management/v1/projects/${projectId}`];
      const after = String((await service.events(projectId)).at(-1)!.position);
      conforms(read, await call(read, { headers: { 'x-identity-after-sequence': after } }), 200);
      await answers(read, withoutTable('project_read_models'));
      conforms(read, await call(['GET', '/management/v1/projects/none']), 404);
      const list: Call = ['POST', '/management/v1/projects/_search', { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('project_read_models'));
      expect(listed.body).to.have.keys('details', 'result');
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
    });

    it('GetUserByID and ListUsers: each response declared', async () => {
      const read: Call = ['GET', `/management/v1/users/${owner.userId}`];
      const written = (await service.events(owner.userId)).at(-1)!.position;
      const after = { headers: { 'x-identity-after-sequence': String(written) } };
      conforms(read, await call(read, after), 200);
      await answers(read, withoutReadModel);
      conforms(read, await call(['GET', '/management/v1/users/none']), 404);
      conforms(read, await call(read, { headers: { 'x-identity-after-sequence': 'x' } }), 400);

      const list: Call = [
        'POST',
        '/management/v1/users/_search',
        { queries: [{ userNameQuery: { userName: 'a' } }] },
      ];
      const listed = await answers(list, withoutReadModel);
      expect(listed.body).to.have.keys('details', 'sortingColumn', 'result');
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (userId: string): Call[] => [
      ['GET', `/management/v1/users/${userId}`],
      ['POST', '/management/v1/users/_search', {}],
      ['GET', `/management/v1/projects/${userId}`],
      ['POST', '/management/v1/projects/_search', {}],
    ];
    const ownerToken = async () =>
      (await buildMember(limited.service, { orgId: limited.orgId, roles: ['ORG_OWNER'] })).token;

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      const { userId } = await buildOwner(limited.service, { orgId: limited.orgId });
      await limitedAnswers(
        limited.service,
        () => Promise.resolve(calls(userId)),
        ownerToken,
        () => limited.proxy.cut(),
      );
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
