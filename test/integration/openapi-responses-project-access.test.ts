import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';
import { buildMember, buildOwner, buildProject, buildUser } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';

/** Their paths; the reads (GET, _search) are openapi-responses-project-reads.test.ts's. */
const PATHS =
  /^(?!GET |\S+ \S*\/_search )\S+ \/management\/v1\/(projects\/\{projectId\}\/(roles|apps|grants)|users\/\{userId\}\/grants|policies\/label|users\/human\/_import-batch)|^(POST \/management\/v1\/projects(\/\{id\}\/_\w+)?|DELETE \/management\/v1\/projects\/\{id\}) /;

/**
 * The project access operations' real responses (roles, applications, user grants), success and
 * each documented error, held to the document the service serves, as openapi-responses.test.ts
 * holds the others'; in the end every response the document declares for them must have been seen.
 */
describe('the project access operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  let owner: { orgId: string; userId: string; token: string };
  const { conforms, call, answers, limitedAnswers, unseen } = documentedAnswers(() => ({
    service,
    contract,
    owner,
  }));

  describe('on a running service', () => {
    let projectId: string;
    let userId: string;

    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
      userId = (await buildUser(service, { orgId: owner.orgId })).userId;
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    const roles = () => `/management/v1/projects/${projectId}/roles`;
    const apps = () => `/management/v1/projects/${projectId}/apps`;
    const grants = () => `/management/v1/users/${userId}/grants`;

    it('AddProjectRole, UpdateProjectRole, RemoveProjectRole: each response declared', async () => {
      const add: Call = ['POST', roles(), { roleKey: 'keeper', displayName: 'Keeper' }];
      await answers(add, 'project.role.added');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', roles(), { roleKey: 'a b', displayName: 'x' }]), 400);
      const elsewhere = `/management/v1/projects/${(await buildProject(service, { orgId: (await buildOwner(service)).orgId })).projectId}/roles`;
      conforms(['POST', elsewhere], await call(['POST', elsewhere, add[2]]), 404);
      const update: Call = ['PUT', `${roles()}/keeper`, { displayName: 'Zoo keeper' }];
      await answers(update, 'project.role.changed');
      conforms(update, await call(['PUT', `${roles()}/nobody`, update[2]]), 404);
      const remove: Call = ['DELETE', `${roles()}/keeper`];
      await answers(remove, 'project.role.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddOIDCApplication, UpdateOIDCApplication, RemoveOIDCApplication: each response declared', async () => {
      const settings = { name: 'Zoo app', redirectUris: ['https://zoo.example/callback'] };
      const add: Call = ['POST', `${apps()}/oidc`, settings];
      const added = await answers(add, 'project.application.added');
      expect(added.body).to.include.keys('appId', 'clientId', 'clientSecret');
      const none = `/management/v1/projects/none/apps/oidc`;
      conforms(add, await call(['POST', none, settings]), 404);
      const path = `${apps()}/${added.body.appId}`;
      const update: Call = ['PUT', `${path}/oidc`, { ...settings, name: 'Zoo app 2' }];
      await answers(update, 'project.application.changed');
      conforms(update, await call(['PUT', `${apps()}/nope/oidc`, settings]), 404);
      const remove: Call = ['DELETE', path];
      await answers(remove, 'project.application.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddProjectGrant, UpdateProjectGrant, RemoveProjectGrant: each response declared', async () => {
      await call(['POST', roles(), { roleKey: 'guide', displayName: 'Guide' }]);
      const other = await buildOwner(service);
      const path = `/management/v1/projects/${projectId}/grants`;
      const add: Call = ['POST', path, { grantedOrgId: other.orgId, roleKeys: ['guide'] }];
      const added = await answers(add, 'project.grant.added');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', path, { grantedOrgId: 'nowhere' }]), 404);
      conforms(add, await call(['POST', path, { grantedOrgId: owner.orgId }]), 400);
      const grant = `${path}/${added.body.grantId}`;
      const update: Call = ['PUT', grant, { roleKeys: [] }];
      await answers(update, 'project.grant.changed');
      conforms(update, await call(['PUT', `${path}/nope`, { roleKeys: [] }]), 404);
      const remove: Call = ['DELETE', grant];
      await answers(remove, 'project.grant.removed');
      conforms(remove, await call(remove), 404);
    });

    it('AddUserGrant, UpdateUserGrant, RemoveUserGrant: each response declared', async () => {
      await call(['POST', roles(), { roleKey: 'vet', displayName: 'Vet' }]);
      const add: Call = ['POST', grants(), { projectId, roleKeys: ['vet'] }];
      const added = await answers(add, 'user.grant.added');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', grants(), { projectId, roleKeys: ['cook'] }]), 404);
      const path = `${grants()}/${added.body.userGrantId}`;
      const update: Call = ['PUT', path, { roleKeys: [] }];
      await answers(update, 'user.grant.changed');
      conforms(update, await call(['PUT', `${grants()}/nope`, { roleKeys: [] }]), 404);
      const remove: Call = ['DELETE', path];
      await answers(remove, 'user.grant.removed');
      conforms(remove, await call(remove), 404);
    });

    it('SetLabelPolicy, ResetLabelPolicy and the instance default’s: each response declared', async () => {
      const instanceOwner = await buildMember(service, { roles: ['IAM_OWNER'] });
      for (const [path, type, token] of [
        ['/management/v1/policies/label', 'org', owner.token],
        ['/management/v1/policies/label/default', 'instance', instanceOwner.token],
      ] as const) {
        const forbidden = type === 'instance' ? { token: owner.token } : undefined;
        const set: Call = ['PUT', path, { primaryColor: '#123456', hideServiceName: true }];
        await answers(set, `${type}.label.policy.changed`, { token, forbidden });
        conforms(set, await call(['PUT', path, { logo: 'PHN2Zz4=' }], { token }), 400);
        await answers(['DELETE', path], `${type}.label.policy.changed`, { token, forbidden });
        await call(set, { token });
      }
    });

    it('AddProject, DeactivateProject, ReactivateProject, RemoveProject: each response declared', async () => {
      const add: Call = ['POST', '/management/v1/projects', { name: 'Documented' }];
      const added = await answers(add, 'project.added');
      expect(added.body).to.have.keys('id', 'details');
      conforms(add, await call(add), 409);
      conforms(add, await call(['POST', add[1], { name: ' ' }]), 400);
      const path = `/management/v1/projects/${added.body.id}`;
      for (const [action, event] of [
        ['_deactivate', 'project.deactivated'],
        ['_reactivate', 'project.reactivated'],
      ]) {
        const change: Call = ['POST', `${path}/${action}`, {}];
        await answers(change, event!);
        conforms(change, await call(change), 400);
        conforms(change, await call(['POST', `/management/v1/projects/none/${action}`, {}]), 404);
      }
      const remove: Call = ['DELETE', path];
      await answers(remove, 'project.removed');
      conforms(remove, await call(remove), 404);
    });

    it('ImportHumanUsers: each response declared', async () => {
      const users = [minimalImport(`batch-${Date.now()}`), { userName: '' }];
      const batch: Call = ['POST', '/management/v1/users/human/_import-batch', { users }];
      const answered = await answers(batch, 'user.human.added');
      expect(answered.body.results[1].error.id).to.equal('REQUEST-INVALID');
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls = (projectId: string, userId: string): Call[] => [
      ['POST', `/management/v1/projects/${projectId}/roles`, { roleKey: 'k', displayName: 'K' }],
      ['PUT', `/management/v1/projects/${projectId}/roles/k`, { displayName: 'K' }],
      ['DELETE', `/management/v1/projects/${projectId}/roles/k`],
      [
        'POST',
        `/management/v1/projects/${projectId}/apps/oidc`,
        { name: 'A', redirectUris: ['https://a.example/'] },
      ],
      [
        'PUT',
        `/management/v1/projects/${projectId}/apps/a/oidc`,
        { name: 'A', redirectUris: ['https://a.example/'] },
      ],
      ['DELETE', `/management/v1/projects/${projectId}/apps/a`],
      ['POST', `/management/v1/projects/${projectId}/grants`, { grantedOrgId: 'o' }],
      ['PUT', `/management/v1/projects/${projectId}/grants/g`, { roleKeys: [] }],
      ['DELETE', `/management/v1/projects/${projectId}/grants/g`],
      ['POST', `/management/v1/users/${userId}/grants`, { projectId }],
      ['PUT', `/management/v1/users/${userId}/grants/g`, { roleKeys: [] }],
      ['DELETE', `/management/v1/users/${userId}/grants/g`],
      ['PUT', '/management/v1/policies/label', { primaryColor: '#fff' }],
      ['DELETE', '/management/v1/policies/label'],
      ['PUT', '/management/v1/policies/label/default', { primaryColor: '#fff' }],
      ['DELETE', '/management/v1/policies/label/default'],
      ['POST', '/management/v1/users/human/_import-batch', { users: [{}] }],
      ['POST', '/management/v1/projects', { name: 'Limited' }],
      ['POST', `/management/v1/projects/${projectId}/_deactivate`, {}],
      ['POST', `/management/v1/projects/${projectId}/_reactivate`, {}],
      ['DELETE', `/management/v1/projects/${projectId}`],
    ];
    const setUp = async () => {
      const { orgId } = limited;
      const projectId = (await buildProject(limited.service, { orgId })).projectId;
      const userId = (await buildUser(limited.service, { orgId })).userId;
      return calls(projectId, userId);
    };
    /** An ORG_OWNER, or for the instance default's operations an IAM_OWNER. */
    const ownerToken = async (path = '') => {
      const roles = [path.endsWith('/default') ? 'IAM_OWNER' : 'ORG_OWNER'];
      return (await buildMember(limited.service, { orgId: limited.orgId, roles })).token;
    };

    it('answers 429 past the limit, and 503 while the database is unreachable', () =>
      limitedAnswers(limited.service, setUp, ownerToken, () => limited.proxy.cut()));
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => expect(unseen(PATHS)).to.deep.equal([]));
  });
});
