import { expect } from 'chai';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildMember, buildOwner } from '../support/factories.js';

const PATH = '/auth/v1/users/me/passkeys';
const START = `${PATH}/_start-registration`;
const FINISH = `${PATH}/_finish-registration`;
const LABEL_POLICY = '/auth/v1/policies/label';
const BODY_LIMIT = 4096;
const oversized = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
const compressed = { 'content-encoding': 'compress' };
const now = () => Math.floor(Date.now() / 1000);

/**
 * The passkey operations' and GetMyLabelPolicy's real responses, success and each documented error, held to the
 * document the service serves, as openapi-responses.test.ts holds the others'; in the end every
 * response the document declares for them must have been seen.
 */
describe('the passkey operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  const item = (id: string) => `${PATH}/${id}`;

  function conforms(method: string, path: string, response: ApiResponse, status: number): void {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(contract.check(method, path, response)).to.deep.equal([]);
  }

  describe('on a running service', () => {
    let service: TestService;
    let token: string;
    let passkeyId: string;

    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      const owner = await buildOwner(service);
      token = await service.token(owner.userId, { claims: { auth_time: now() } });
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    const call = (method: string, path: string, options: Parameters<TestService['call']>[2] = {}) =>
      service.call(method, path, { token, ...options });
    /** Runs `action` while a trigger refuses `event` on passkeys where `row`.name is 'explode'. */
    async function failing<T>(event: string, row: 'NEW' | 'OLD', action: () => Promise<T>) {
      const name = `fail_passkeys_${event.toLowerCase()}`;
      await service.dataSource.query(
        `CREATE TRIGGER ${name} BEFORE ${event} ON passkeys FOR EACH ROW
         IF ${row}.name = 'explode' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF`,
      );
      try {
        return await action();
      } finally {
        await service.dataSource.query(`DROP TRIGGER ${name}`);
      }
    }
    /** Runs `action` while the passkeys table is away. */
    async function withoutPasskeys<T>(action: () => Promise<T>) {
      await service.dataSource.query('RENAME TABLE passkeys TO passkeys_away');
      try {
        return await action();
      } finally {
        await service.dataSource.query('RENAME TABLE passkeys_away TO passkeys');
      }
    }
    /** The 400 of an unreadable body, 401, 413 and 415 of one operation (over node:http: fetch
     * sends no body with a GET). */
    async function refusals(method: string, path: string) {
      const raw = (body: string, headers: Record<string, string> = {}, as = token) =>
        rawCall(`${service.api.url}${path}`, method, body, as, headers);
      conforms(method, path, await raw('{'), 400);
      conforms(method, path, await raw('{}', {}, ''), 401);
      conforms(method, path, await raw(oversized), 413);
      conforms(method, path, await raw('{}', compressed), 415);
    }

    it('GetMyLabelPolicy: 200, 400, 401, 413, 415, 500', async () => {
      const read = await call('GET', LABEL_POLICY);
      conforms('GET', LABEL_POLICY, read, 200);
      expect(read.body.policy).to.include({ isDefault: true, hasLogo: false });
      await refusals('GET', LABEL_POLICY);
      await service.dataSource.query('RENAME TABLE label_policies TO label_policies_away');
      try {
        conforms('GET', LABEL_POLICY, await call('GET', LABEL_POLICY), 500);
      } finally {
        await service.dataSource.query('RENAME TABLE label_policies_away TO label_policies');
      }
    });

    it('StartMyPasskeyRegistration and FinishMyPasskeyRegistration: 200, 400, 401, 413, 415, 500', async () => {
      const started = await call('POST', START, { body: {} });
      conforms('POST', START, started, 200);
      const { origin, hostname } = new URL(service.config.publicUrl);
      const credential = new SoftwareAuthenticator(origin, hostname).register(started.body.options);
      const body = { ceremonyId: started.body.ceremonyId, credential, name: 'Laptop' };
      const finished = await call('POST', FINISH, { body });
      conforms('POST', FINISH, finished, 200);
      passkeyId = finished.body.passkey.id;
      await refusals('POST', START);
      await refusals('POST', FINISH);
      conforms('POST', FINISH, await call('POST', FINISH, { body: { ceremonyId: '' } }), 400);
      conforms('POST', START, await withoutPasskeys(() => call('POST', START, { body: {} })), 500);
      const again = await call('POST', START, { body: {} });
      const answer = new SoftwareAuthenticator(origin, hostname).register(again.body.options);
      const exploding = { ceremonyId: again.body.ceremonyId, credential: answer, name: 'explode' };
      const failed = await failing('INSERT', 'NEW', () =>
        call('POST', FINISH, { body: exploding }),
      );
      conforms('POST', FINISH, failed, 500);
    });

    it('ListMyPasskeys: 200, 400, 401, 413, 415, 500', async () => {
      const listed = await call('GET', PATH);
      conforms('GET', PATH, listed, 200);
      expect(listed.body.passkeys.map((passkey: { id: string }) => passkey.id)).to.include(
        passkeyId,
      );
      await refusals('GET', PATH);
      conforms('GET', PATH, await withoutPasskeys(() => call('GET', PATH)), 500);
    });

    it('RenameMyPasskey and RemoveMyPasskey: 200, 400, 401, 404, 413, 415, 500', async () => {
      const path = item(passkeyId);
      conforms('PUT', path, await call('PUT', path, { body: { name: 'Phone' } }), 200);
      conforms('PUT', path, await call('PUT', path, { body: { name: '' } }), 400);
      conforms('PUT', item('nope'), await call('PUT', item('nope'), { body: { name: 'x' } }), 404);
      await refusals('PUT', path);
      const renamed = await failing('UPDATE', 'NEW', () =>
        call('PUT', path, { body: { name: 'explode' } }),
      );
      conforms('PUT', path, renamed, 500);
      await call('PUT', path, { body: { name: 'explode' } }).catch(() => undefined);
      await service.dataSource.query('UPDATE passkeys SET name = ? WHERE id = ?', [
        'explode',
        passkeyId,
      ]);
      conforms('DELETE', path, await failing('DELETE', 'OLD', () => call('DELETE', path)), 500);
      conforms('DELETE', path, await call('DELETE', path), 200);
      conforms('DELETE', path, await call('DELETE', path), 404);
      await refusals('DELETE', path);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();

    const calls: [string, string, unknown][] = [
      ['GET', PATH, undefined],
      ['PUT', item('some-id'), { name: 'x' }],
      ['DELETE', item('some-id'), undefined],
      ['POST', START, {}],
      ['POST', FINISH, { ceremonyId: 'c', credential: {} }],
      ['GET', LABEL_POLICY, undefined],
    ];
    const member = async () => {
      const { userId } = await buildMember(limited.service, { orgId: limited.orgId });
      return limited.service.token(userId, { claims: { auth_time: now() } });
    };

    it('answers 429 past the limit, for every passkey operation', async () => {
      for (const [method, path, body] of calls) {
        const token = await member();
        const first = await limited.service.call(method, path, { token, body });
        expect(first.status, JSON.stringify(first.body)).to.not.equal(429);
        conforms(method, path, await limited.service.call(method, path, { token, body }), 429);
      }
    });

    it('answers 503 while the database is unreachable, for every passkey operation', async () => {
      const token = await member();
      await limited.proxy.cut();
      for (const [method, path, body] of calls)
        conforms(method, path, await limited.service.call(method, path, { token, body }), 503);
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => {
      const unseen = contract
        .declared()
        .filter(
          (response) => response.includes(` ${PATH}`) || response.includes(` ${LABEL_POLICY}`),
        )
        .filter((response) => !contract.checked.has(response));
      expect(unseen).to.deep.equal([]);
    });
  });
});
