import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { pollUntil } from '../support/poll.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';

const PROFILE = '/auth/v1/users/me/profile';
const IMPORT = '/management/v1/users/human/_import';
const PROJECTS = '/management/v1/projects';
const BODY_LIMIT = 4096;

const user = (userName: string) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
  email: { email: 'ada@example.com' },
});
const profile = { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada' };
/** A JSON body one byte over the limit. */
const oversized = JSON.stringify({ firstName: 'x'.repeat(BODY_LIMIT) });

/**
 * Real responses of every operation, success and each documented error, held to the document
 * the service serves at /openapi.json: the status must be declared for the path and method, the
 * body must validate against its schema (with no field the schema does not name), the declared
 * headers must be there. In the end every declared response must have been seen.
 */
describe('the REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;

  /** Checks one response of `method path` against the document. */
  function conforms(method: string, path: string, response: ApiResponse, status: number): void {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(contract.check(method, path, response)).to.deep.equal([]);
  }

  describe('on a running service', () => {
    let service: TestService;
    let owner: { orgId: string; userId: string; token: string };
    let projectId: string;

    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      owner = await buildOwner(service);
      projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Rocket' })).projectId;
      const served = await service.call('GET', '/openapi.json');
      contract = new OpenApiContract(served.body);
    });
    after(() => service?.close());

    const call = (method: string, path: string, options: Parameters<TestService['call']>[2]) =>
      service.call(method, path, options);
    /** A request with a raw body, which fetch will not send with a GET. */
    const raw = (
      method: string,
      path: string,
      body: string,
      token = owner.token,
      headers: Record<string, string> = {},
    ) => rawCall(`${service.api.url}${path}`, method, body, token, headers);
    /** Runs `action` while a trigger fails writes of `table` whose `column` is 'explode'. */
    async function failing<T>(
      table: string,
      when: string,
      column: string,
      action: () => Promise<T>,
    ) {
      const name = `fail_${table}_${when.toLowerCase().replace(' ', '_')}`;
      await service.dataSource.query(
        `CREATE TRIGGER ${name} BEFORE ${when} ON ${table} FOR EACH ROW
         IF NEW.${column} = 'explode' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF`,
      );
      try {
        return await action();
      } finally {
        await service.dataSource.query(`DROP TRIGGER ${name}`);
      }
    }

    it('serves the committed document at /openapi.json', async () => {
      const committed = JSON.parse(readFileSync(join(process.cwd(), 'docs/openapi.json'), 'utf8'));
      expect(contract.document).to.deep.equal(committed);
    });

    it('UpdateMyProfile: 200, 400, 401, 412, 413, 415, 500', async () => {
      const put = (options: Parameters<TestService['call']>[2]) => call('PUT', PROFILE, options);
      const stale = { 'if-match': '"1"' };
      conforms(
        'PUT',
        PROFILE,
        await put({ token: owner.token, body: profile, headers: stale }),
        412,
      );
      conforms('PUT', PROFILE, await put({ token: owner.token, body: profile }), 200);
      conforms('PUT', PROFILE, await put({ token: owner.token, body: { firstName: '' } }), 400);
      conforms('PUT', PROFILE, await put({ token: owner.token, rawBody: '{' }), 400);
      conforms('PUT', PROFILE, await put({ body: profile }), 401);
      conforms('PUT', PROFILE, await put({ token: owner.token, rawBody: oversized }), 413);
      conforms(
        'PUT',
        PROFILE,
        await put({
          token: owner.token,
          body: profile,
          headers: { 'content-encoding': 'compress' },
        }),
        415,
      );
      const exploding = { ...profile, firstName: 'explode' };
      const failed = await failing('users', 'UPDATE', 'first_name', () =>
        put({ token: owner.token, body: exploding }),
      );
      conforms('PUT', PROFILE, failed, 500);
    });

    it('GetMyProfile: 404 before the worker has read the user, 400, 401, 413, 415, 500', async () => {
      conforms('GET', PROFILE, await call('GET', PROFILE, { token: owner.token }), 404);
      conforms('GET', PROFILE, await call('GET', PROFILE, {}), 401);
      // It takes no body, but one sent anyway is parsed like any other.
      conforms('GET', PROFILE, await raw('GET', PROFILE, '{'), 400);
      conforms('GET', PROFILE, await raw('GET', PROFILE, oversized), 413);
      const compressed = { 'content-encoding': 'compress' };
      conforms('GET', PROFILE, await raw('GET', PROFILE, '{}', owner.token, compressed), 415);
      await service.dataSource.query('RENAME TABLE user_read_models TO user_read_models_away');
      try {
        conforms('GET', PROFILE, await call('GET', PROFILE, { token: owner.token }), 500);
      } finally {
        await service.dataSource.query('RENAME TABLE user_read_models_away TO user_read_models');
      }
    });

    it('GetMyProfile: 200 once the worker has the read model', async () => {
      await service.startRelay();
      await service.startWorker();
      const read = await pollUntil(
        () => call('GET', PROFILE, { token: owner.token }),
        (response) => response.status === 200,
      );
      conforms('GET', PROFILE, read, 200);
      expect(read.body.profile).to.include({ firstName: 'Ada', displayName: 'Ada' });
    });

    it('ImportHumanUser: 200 (with a passwordless link too), 400, 401, 403, 409, 413, 415, 500', async () => {
      const post = (body: unknown, options: Parameters<TestService['call']>[2] = {}) =>
        call('POST', IMPORT, { token: owner.token, body, ...options });
      const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
      const link = { configId: idp, externalUserId: 'ext-1' };
      conforms('POST', IMPORT, await post({ ...user('jane'), idps: [link] }), 200);
      const registered = await post({ ...user('joe'), requestPasswordlessRegistration: true });
      conforms('POST', IMPORT, registered, 200);
      expect(registered.body.passwordlessRegistration).to.have.keys(
        'link',
        'lifetime',
        'expiration',
      );
      conforms('POST', IMPORT, await post({ userName: '' }), 400);
      const unknownIdp = await post({ ...user('idp'), idps: [{ ...link, configId: 'nope' }] });
      conforms('POST', IMPORT, unknownIdp, 400);
      expect(unknownIdp.body.details.at(-1).id).to.equal('IDP-CONFIG-NOT-FOUND');
      conforms('POST', IMPORT, await post(user('anon'), { token: '' }), 401);
      const other = await buildOwner(service);
      conforms('POST', IMPORT, await post(user('far'), { orgId: other.orgId }), 403);
      const taken = await post(user('JANE'));
      conforms('POST', IMPORT, taken, 409);
      const linkTaken = await post({ ...user('jane2'), idps: [link] });
      conforms('POST', IMPORT, linkTaken, 409);
      expect([taken, linkTaken].map((response) => response.body.details.at(-1).id)).to.deep.equal([
        'USER-ALREADY-EXISTS',
        'USER-IDP-LINK-ALREADY-EXISTS',
      ]);
      conforms('POST', IMPORT, await post(undefined, { rawBody: oversized }), 413);
      conforms(
        'POST',
        IMPORT,
        await post(user('enc'), { headers: { 'content-encoding': 'compress' } }),
        415,
      );
      const failed = await failing('users', 'INSERT', 'user_name', () => post(user('explode')));
      conforms('POST', IMPORT, failed, 500);
    });

    it('UpdateProject: 200, 400, 401, 403, 404, 409, 412, 413, 415, 500', async () => {
      const path = `${PROJECTS}/${projectId}`;
      const put = (body: unknown, options: Parameters<TestService['call']>[2] = {}, at = path) =>
        call('PUT', at, { token: owner.token, body, ...options });
      const stale = { headers: { 'if-match': '"1"' } };
      conforms('PUT', path, await put({ name: 'Rocket 2' }, stale), 412);
      conforms('PUT', path, await put({ name: 'Rocket 2', projectRoleCheck: true }), 200);
      conforms('PUT', path, await put({ id: projectId, name: 'Rocket 2' }), 400);
      conforms('PUT', path, await put({ name: 'Rocket 2' }, { token: '' }), 401);
      const other = await buildOwner(service);
      conforms('PUT', path, await put({ name: 'Rocket 2' }, { orgId: other.orgId }), 403);
      const elsewhere = `${PROJECTS}/${(await buildProject(service, { orgId: other.orgId })).projectId}`;
      conforms('PUT', elsewhere, await put({ name: 'Mine' }, {}, elsewhere), 404);
      await buildProject(service, { orgId: owner.orgId, name: 'Taken' });
      conforms('PUT', path, await put({ name: 'taken' }), 409);
      conforms('PUT', path, await put(undefined, { rawBody: oversized }), 413);
      conforms(
        'PUT',
        path,
        await put({ name: 'Enc' }, { headers: { 'content-encoding': 'compress' } }),
        415,
      );
      const failed = await failing('projects', 'UPDATE', 'name', () => put({ name: 'explode' }));
      conforms('PUT', path, failed, 500);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();

    /** A call of each operation that would succeed. */
    const eachOperation = (projectId: string, userName: string): [string, string, unknown][] => [
      ['PUT', PROFILE, profile],
      ['GET', PROFILE, undefined],
      ['POST', IMPORT, user(userName)],
      ['PUT', `${PROJECTS}/${projectId}`, { name: 'Renamed' }],
    ];

    it('answers 429 past the limit, for every operation', async () => {
      const projectId = (await buildProject(limited.service, { orgId: limited.orgId })).projectId;
      for (const [method, path, body] of eachOperation(projectId, 'limited')) {
        const { token } = await buildMember(limited.service, {
          orgId: limited.orgId,
          roles: ['ORG_OWNER'],
        });
        const first = await limited.service.call(method, path, { token, body });
        expect(first.status, JSON.stringify(first.body)).to.not.equal(429);
        const second = await limited.service.call(method, path, { token, body });
        conforms(method, path, second, 429);
        expect(second.headers.get('retry-after')).to.match(/^[1-9][0-9]*$/);
      }
    });

    it('answers 503 while the database is unreachable, for every operation', async () => {
      const projectId = (await buildProject(limited.service, { orgId: limited.orgId })).projectId;
      const { token } = await buildMember(limited.service, {
        orgId: limited.orgId,
        roles: ['ORG_OWNER'],
      });
      await limited.proxy.cut();
      for (const [method, path, body] of eachOperation(projectId, 'offline'))
        conforms(method, path, await limited.service.call(method, path, { token, body }), 503);
    });
  });

  describe('every response the document declares', () => {
    it('was seen above', () => {
      // The passkey operations' are seen by openapi-responses-passkeys.test.ts, the roles',
      // applications', grants', label policies' and ImportHumanUsers' by
      // openapi-responses-project-access.test.ts, the machine users' and members' by
      // openapi-responses-machine-users.test.ts, the user reads' by
      // openapi-responses-user-reads.test.ts, the reads of a project's parts and of user grants
      // by openapi-responses-project-reads.test.ts, the identity providers' by
      // openapi-responses-idps.test.ts, the account page's TOTP and sessions by
      // openapi-responses-account.test.ts, its password and email by
      // openapi-responses-my-account.test.ts, the user metadata's, UpdateUserName's and
      // UpdateUserExternalId's by
      // openapi-responses-user-metadata.test.ts, ListEvents' and its type lists' by
      // openapi-responses-org-reads.test.ts.
      const elsewhere =
        / \/management\/v1\/users\/\{id\}\/metadata| \/auth\/v1\/users\/me\/passkeys| \/auth\/v1\/users\/me\/(auth_factors|sessions)\/| \/auth\/v1\/users\/me\/(password|email)| \/auth\/v1\/policies\/| \/management\/v1\/idps\/| \/management\/v1\/projects\/\{projectId\}\/| \/management\/v1\/users\/\{userId\}\/| \/management\/v1\/policies\/| \/management\/v1\/users\/human\/_import-batch| \/management\/v1\/users\/machine | \/management\/v1\/orgs(\/| )| \/admin\/v1\/|^GET \/management\/v1\/(users|projects)\/\{id\} |^POST \/management\/v1\/users\/\{id\}\/_\w+ |^DELETE \/management\/v1\/users\/\{id\} |^POST \/management\/v1\/projects(\/\{id\}\/_\w+)? |^DELETE \/management\/v1\/projects\/\{id\} |^POST \/management\/v1\/(users|projects|users\/grants)\/_search |^POST \/management\/v1\/(events|events\/types|aggregates\/types)\/_search /;
      const unseen = contract
        .declared()
        .filter((response) => !elsewhere.test(response))
        .filter((response) => !contract.checked.has(response));
      expect(unseen).to.deep.equal([]);
    });
  });
});
