import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildMember, buildOwner, buildProject, buildUser } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';

const BODY_LIMIT = 4096;
const oversized = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
const PATHS =
  / \/management\/v1\/(projects\/\{projectId\}\/(roles|apps|grants)|users\/\{userId\}\/grants|policies\/label|users\/human\/_import-batch)/;

/** One call of an operation: its method, its path, and the body that makes it succeed. */
type Call = [method: string, path: string, body?: unknown];

/**
 * The project access operations' real responses (roles, applications, user grants), success and
 * each documented error, held to the document the service serves, as openapi-responses.test.ts
 * holds the others'; in the end every response the document declares for them must have been seen.
 */
describe('the project access operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;

  function conforms([method, path]: Call, response: ApiResponse, status: number): void {
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).to.equal(status);
    expect(contract.check(method, path, response)).to.deep.equal([]);
  }

  describe('on a running service', () => {
    let service: TestService;
    let owner: { orgId: string; userId: string; token: string };
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

    const call = ([method, path, body]: Call, options: Parameters<TestService['call']>[2] = {}) =>
      service.call(method, path, { token: owner.token, body, ...options });
    const roles = () => `/management/v1/projects/${projectId}/roles`;
    const apps = () => `/management/v1/projects/${projectId}/apps`;
    const grants = () => `/management/v1/users/${userId}/grants`;

    /** 500 for `ok` while `eventType` cannot be recorded (nothing stays), then 200; then 400, 401,
     * 403, 413 and 415 of the same call. */
    async function answers(
      ok: Call,
      eventType: string,
      { token = owner.token, forbidden }: { token?: string; forbidden?: { token: string } } = {},
    ): Promise<ApiResponse> {
      conforms(ok, await withoutEvents(eventType, () => call(ok, { token })), 500);
      const succeeded = await call(ok, { token });
      conforms(ok, succeeded, 200);
      const [method, path] = ok;
      const raw = (body: string, headers: Record<string, string> = {}, as = token) =>
        rawCall(`${service.api.url}${path}`, method, body, as, headers);
      conforms(ok, await raw('{'), 400);
      conforms(ok, await raw('{}', {}, ''), 401);
      const elsewhere = forbidden ?? { token, orgId: (await buildOwner(service)).orgId };
      conforms(ok, await call(ok, elsewhere), 403);
      conforms(ok, await raw(oversized), 413);
      conforms(ok, await raw('{}', { 'content-encoding': 'compress' }), 415);
      return succeeded;
    }

    /** Runs `action` while a trigger refuses to record events of `type`. */
    async function withoutEvents<T>(type: string, action: () => Promise<T>): Promise<T> {
      await service.dataSource.query(
        `CREATE TRIGGER refuse_events BEFORE INSERT ON events FOR EACH ROW
         IF NEW.type = '${type}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF`,
      );
      try {
        return await action();
      } finally {
        await service.dataSource.query('DROP TRIGGER refuse_events');
      }
    }

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
    ];
    const setUp = async () => {
      const { orgId } = limited;
      const projectId = (await buildProject(limited.service, { orgId })).projectId;
      const userId = (await buildUser(limited.service, { orgId })).userId;
      return calls(projectId, userId);
    };
    /** An ORG_OWNER, or for the instance default's operations an IAM_OWNER. */
    const owner = async (path = '') => {
      const roles = [path.endsWith('/default') ? 'IAM_OWNER' : 'ORG_OWNER'];
      return (await buildMember(limited.service, { orgId: limited.orgId, roles })).token;
    };

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      for (const [method, path, body] of await setUp()) {
        const token = await owner(path);
        await limited.service.call(method, path, { token, body });
        conforms([method, path], await limited.service.call(method, path, { token, body }), 429);
      }
      const token = await owner();
      const offline = await setUp();
      await limited.proxy.cut();
      for (const [method, path, body] of offline)
        conforms([method, path], await limited.service.call(method, path, { token, body }), 503);
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => {
      const unseen = contract
        .declared()
        .filter((response) => PATHS.test(response))
        .filter((response) => !contract.checked.has(response));
      expect(unseen).to.deep.equal([]);
    });
  });
});
