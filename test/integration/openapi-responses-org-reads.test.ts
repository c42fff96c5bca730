import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { answeringService, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { buildMember, buildOrg } from '../support/factories.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';

const PATHS =
  /^(\S+ \/management\/v1\/orgs(\/me(\/_\w+)?)?|POST \/management\/v1\/orgs\/me\/members\/_search|POST \/management\/v1\/(events|events\/types|aggregates\/types)\/_search|POST \/admin\/v1\/orgs\/_search|GET \/management\/v1\/policies\/(default\/)?label|POST \/management\/v1\/users\/\{userId\}\/(keys|pats|idps|auth_factors|memberships)\/_search) /;

/**
 * The reads of an organization and its parts, and the life of an organization: their real responses, success and each documented
 * error, held to the document the service serves, as openapi-responses.test.ts holds the others';
 * in the end every response the document declares for them must have been seen.
 */
describe('the organization reads’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  const running = answeringService();
  const { conforms, call, answers, limitedAnswers, unseen, withoutTable } = documentedAnswers(
    () => running,
  );

  it('GetMyOrg and ListOrgMembers: each response declared', async () => {
    const read: Call = ['GET', '/management/v1/orgs/me'];
    const got = await answers(read, withoutTable('organizations'));
    expect(got.body.org.id).to.equal(running.owner.orgId);
    expect(got.headers.get('etag')).to.equal(`"${got.body.org.details.sequence}"`);
    const list: Call = ['POST', '/management/v1/orgs/me/members/_search', { query: { limit: 1 } }];
    const listed = await answers(list, withoutTable('machine_users'));
    expect(listed.body).to.have.keys('details', 'result');
    conforms(list, await call(['POST', list[1], { query: { cursor: 'x' } }]), 400);
  });

  it('ListEvents: each response declared', async () => {
    const list: Call = ['POST', '/management/v1/events/_search', { limit: 5 }];
    const listed = await answers(list, withoutTable('events'));
    expect(listed.body).to.have.keys('events');
    expect(listed.body.events[0].aggregate.resourceOwner).to.equal(running.owner.orgId);
    conforms(list, await call(['POST', list[1], { limit: 5000 }]), 400);
    for (const [path, key] of [
      ['/management/v1/events/types/_search', 'eventTypes'],
      ['/management/v1/aggregates/types/_search', 'aggregateTypes'],
    ] as const) {
      const types: Call = ['POST', path, {}];
      // They read no table of their own: the caller's roles are, before them.
      const typed = await answers(types, withoutTable('role_grants'));
      expect(typed.body).to.have.keys(key);
    }
  });

  it('ListOrgs: each response declared', async () => {
    const admin = await buildMember(running.service, { roles: ['IAM_OWNER'] });
    const list: Call = ['POST', '/admin/v1/orgs/_search', { sortingColumn: 'ORG_FIELD_NAME_NAME' }];
    const forbidden = { token: running.owner.token };
    const listed = await answers(list, withoutTable('organizations'), {
      token: admin.token,
      forbidden,
    });
    expect(listed.body).to.have.keys('details', 'sortingColumn', 'result');
  });

  it('AddOrg, UpdateOrg, DeactivateOrg, ReactivateOrg: each response declared', async () => {
    const admin = await buildMember(running.service, { roles: ['IAM_OWNER'] });
    const asAdmin = { token: admin.token, forbidden: { token: running.owner.token } };
    const add: Call = ['POST', '/management/v1/orgs', { name: 'Documented Org' }];
    const added = await answers(add, 'org.added', asAdmin);
    expect(added.body).to.have.keys('id', 'details');
    conforms(add, await call(add, { token: admin.token }), 409);
    conforms(add, await call(['POST', add[1], { name: ' ' }], { token: admin.token }), 400);
    const { orgId } = await buildOrg(running.service);
    const onSpare = { ...asAdmin, orgId };
    const rename: Call = ['PUT', '/management/v1/orgs/me', { name: 'Documented Renamed' }];
    await answers(rename, 'org.changed', onSpare);
    const taken: Call = ['PUT', rename[1], { name: 'documented org' }];
    conforms(taken, await call(taken, { token: admin.token, orgId }), 409);
    for (const [action, event] of [
      ['_deactivate', 'org.deactivated'],
      ['_reactivate', 'org.reactivated'],
    ] as const) {
      const change: Call = ['POST', `/management/v1/orgs/me/${action}`, {}];
      await answers(change, event, onSpare);
      conforms(change, await call(change, { token: admin.token, orgId }), 400);
    }
  });

  it('GetLabelPolicy and GetDefaultLabelPolicy: each response declared', async () => {
    for (const path of ['label', 'default/label']) {
      const read: Call = ['GET', `/management/v1/policies/${path}`];
      const got = await answers(read, withoutTable('label_policies'));
      expect(got.body.policy.details.resourceOwner).to.equal('instance');
    }
  });

  it('ListMachineKeys and ListPersonalAccessTokens: each response declared', async () => {
    const machine = await buildMachine(running.service, { owner: running.owner });
    await addPersonalAccessToken(running.service, machine);
    for (const [kind, table] of [
      ['keys', 'machine_keys'],
      ['pats', 'personal_access_tokens'],
    ] as const) {
      const list: Call = ['POST', `/management/v1/users/${machine.userId}/${kind}/_search`, {}];
      const listed = await answers(list, withoutTable(table));
      expect(listed.body.details.totalResult).to.equal(kind === 'pats' ? '1' : '0');
      conforms(list, await call(['POST', `/management/v1/users/none/${kind}/_search`, {}]), 404);
    }
  });

  it('ListHumanLinkedIDPs, ListHumanAuthFactors and ListUserMemberships: each response declared', async () => {
    const { userId } = running.owner;
    for (const [what, table] of [
      ['idps', 'user_idp_links'],
      ['auth_factors', 'passkeys'],
      ['memberships', 'role_grants'],
    ] as const) {
      const list: Call = ['POST', `/management/v1/users/${userId}/${what}/_search`, {}];
      const listed = await answers(list, withoutTable(table));
      expect(listed.body).to.have.property('result');
      conforms(list, await call(['POST', `/management/v1/users/none/${what}/_search`, {}]), 404);
    }
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (): Call[] => [
      ['GET', '/management/v1/orgs/me'],
      ['POST', '/management/v1/orgs/me/members/_search', {}],
      ['POST', '/management/v1/events/_search', {}],
      ['POST', '/management/v1/events/types/_search', {}],
      ['POST', '/management/v1/aggregates/types/_search', {}],
      ['POST', '/admin/v1/orgs/_search', {}],
      ['POST', '/management/v1/orgs', { name: 'Limited' }],
      ['PUT', '/management/v1/orgs/me', { name: 'Limited' }],
      ['POST', '/management/v1/orgs/me/_deactivate', {}],
      ['POST', '/management/v1/orgs/me/_reactivate', {}],
      ['GET', '/management/v1/policies/label'],
      ['GET', '/management/v1/policies/default/label'],
      ['POST', '/management/v1/users/none/keys/_search', {}],
      ['POST', '/management/v1/users/none/pats/_search', {}],
      ['POST', '/management/v1/users/none/idps/_search', {}],
      ['POST', '/management/v1/users/none/auth_factors/_search', {}],
      ['POST', '/management/v1/users/none/memberships/_search', {}],
    ];
    const ownerToken = async () =>
      (await buildMember(limited.service, { orgId: limited.orgId, roles: ['ORG_OWNER'] })).token;

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      await limitedAnswers(
        limited.service,
        () => Promise.resolve(calls()),
        ownerToken,
        () => limited.proxy.cut(),
      );
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
