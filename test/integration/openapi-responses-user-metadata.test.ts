import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';
import { buildOwner, buildUser, type BuiltMember } from '../support/factories.js';

const PATHS = / \/management\/v1\/users\/(\{id\}\/metadata|\{userId\}\/(username|external_id))/;
const value = Buffer.from('Sales').toString('base64');

/**
 * The user metadata operations', UpdateUserName's and UpdateUserExternalId's real responses, success and each documented
 * error, held to the document the service serves, as openapi-responses.test.ts holds the
 * others'; in the end every response the document declares for them must have been seen.
 */
describe('the user metadata and user name operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  let owner: BuiltMember;
  const { conforms, call, answers, answersWhenLimited, unseen, withoutTable } = documentedAnswers(
    () => ({ service, contract, owner }),
  );

  describe('on a running service', () => {
    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
      await service.startRelay();
      await service.startWorker();
    });
    after(() => service?.close());

    it('SetUserMetadata, BulkSetUserMetadata, RemoveUserMetadata, BulkRemoveUserMetadata: each response declared', async () => {
      const { userId } = await buildUser(service, { orgId: owner.orgId });
      const path = `/management/v1/users/${userId}/metadata`;
      const none = (call: Call): Call => [call[0], call[1].replace(userId, 'none'), call[2]];
      const set: Call = ['POST', `${path}/department`, { value }];
      await answers(set, 'user.metadata.set');
      conforms(set, await call(none(set)), 404);
      conforms(set, await call(['POST', `${path}/department`, { value: '' }]), 400);
      const bulk: Call = ['POST', `${path}/_bulk`, { metadata: [{ key: 'a', value }] }];
      await answers(bulk, 'user.metadata.set');
      conforms(bulk, await call(none(bulk)), 404);
      conforms(bulk, await call(['POST', bulk[1], { metadata: [] }]), 400);
      const remove: Call = ['DELETE', `${path}/department`];
      await answers(remove, 'user.metadata.removed');
      conforms(remove, await call(remove), 404);
      const bulkRemove: Call = ['POST', `${path}/_bulk_remove`, { keys: ['a'] }];
      await answers(bulkRemove, 'user.metadata.removed');
      conforms(bulkRemove, await call(bulkRemove), 404);
      conforms(bulkRemove, await call(['POST', bulkRemove[1], { keys: [] }]), 400);
      // The 100 entries' limit: a failed precondition.
      const many = Array.from({ length: 100 }, (_, index) => ({ key: `k${index}`, value }));
      conforms(bulk, await call(['POST', bulk[1], { metadata: many }]), 200);
      conforms(set, await call(['POST', `${path}/one-more`, { value }]), 400);
    });

    it('GetUserMetadata and ListUserMetadata: each response declared', async () => {
      const { userId } = await buildUser(service, { orgId: owner.orgId });
      const path = `/management/v1/users/${userId}/metadata`;
      const set = await call(['POST', `${path}/team`, { value }]);
      const after = { headers: { 'x-identity-after-sequence': set.body.details.sequence } };
      const read: Call = ['GET', `${path}/team`];
      conforms(read, await call(read, after), 200);
      await answers(read, withoutTable('user_metadata_read_models'));
      conforms(read, await call(['GET', `${path}/other`]), 404);
      conforms(read, await call(read, { headers: { 'x-identity-after-sequence': 'x' } }), 400);
      const list: Call = ['POST', `${path}/_search`, { query: { limit: 1 } }];
      const listed = await answers(list, withoutTable('user_metadata_read_models'));
      expect(listed.body).to.have.keys('details', 'result');
      conforms(list, await call(['POST', list[1].replace(userId, 'none'), {}]), 404);
      conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
    });

    it('UpdateUserName: each response declared', async () => {
      const { userId } = await buildUser(service, { orgId: owner.orgId });
      const other = await buildUser(service, { orgId: owner.orgId });
      const rename: Call = [
        'PUT',
        `/management/v1/users/${userId}/username`,
        { userName: `renamed-${userId}` },
      ];
      await answers(rename, 'user.username.changed');
      conforms(rename, await call(['PUT', rename[1].replace(userId, 'none'), rename[2]]), 404);
      conforms(rename, await call(['PUT', rename[1], { userName: ' ' }]), 400);
      conforms(rename, await call(['PUT', rename[1], { userName: other.userName }]), 409);
    });

    it('UpdateUserExternalId: each response declared', async () => {
      const { userId } = await buildUser(service, { orgId: owner.orgId });
      const other = await buildUser(service, { orgId: owner.orgId });
      const path = `/management/v1/users/${userId}/external_id`;
      const change: Call = ['PUT', path, { externalId: `hr-${userId}` }];
      await answers(change, 'user.externalid.changed');
      conforms(change, await call(['PUT', path.replace(userId, 'none'), change[2]]), 404);
      conforms(change, await call(['PUT', path, { externalId: 'x'.repeat(201) }]), 400);
      const taken = ['PUT', path.replace(userId, other.userId), change[2]] as Call;
      conforms(change, await call(taken), 409);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (userId: string): Call[] => [
      ['POST', `/management/v1/users/${userId}/metadata/k`, { value }],
      [
        'POST',
        `/management/v1/users/${userId}/metadata/_bulk`,
        { metadata: [{ key: 'k', value }] },
      ],
      ['DELETE', `/management/v1/users/${userId}/metadata/k`],
      ['POST', `/management/v1/users/${userId}/metadata/_bulk_remove`, { keys: ['k'] }],
      ['GET', `/management/v1/users/${userId}/metadata/k`],
      ['POST', `/management/v1/users/${userId}/metadata/_search`, {}],
      ['PUT', `/management/v1/users/${userId}/username`, { userName: `n-${userId}` }],
      ['PUT', `/management/v1/users/${userId}/external_id`, { externalId: `e-${userId}` }],
    ];
    answersWhenLimited(
      limited,
      async (orgId) => (await buildUser(limited.service, { orgId })).userId,
      calls,
    );
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
