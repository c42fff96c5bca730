import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import {
  answersLimitAndOutage,
  limitedServiceBehindProxy,
  type RestCall,
} from '../support/limited-service.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildMember, buildOwner } from '../support/factories.js';

const FACTORS = '/auth/v1/users/me/auth_factors/_search';
const OTP = '/auth/v1/users/me/auth_factors/otp';
const VERIFY = `${OTP}/_verify`;
const SESSIONS = '/auth/v1/users/me/sessions';
const SEARCH = `${SESSIONS}/_search`;
const END_ALL = `${SESSIONS}/_end_all`;
const BODY_LIMIT = 4096;
const oversized = JSON.stringify({ code: 'x'.repeat(BODY_LIMIT) });
const compressed = { 'content-encoding': 'compress' };
const now = () => Math.floor(Date.now() / 1000);
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/**
 * The account page's TOTP and session operations' real responses, success and each documented
 * error, held to the document the service serves; in the end every response the document
 * declares for them must have been seen.
 */
describe('the account operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;

  function conforms(method: string, path: string, response: ApiResponse, status: number): void {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(contract.check(method, path, response)).to.deep.equal([]);
  }

  describe('on a running service', () => {
    let service: TestService;
    let token: string;
    let userId: string;

    before(async () => {
      service = await TestService.start({
        REQUEST_BODY_LIMIT: String(BODY_LIMIT),
        SIGN_IN_MAX_FAILURES: '2',
      });
      userId = (await buildOwner(service)).userId;
      token = await service.token(userId, { claims: { auth_time: now() } });
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    const call = (method: string, path: string, options: Parameters<TestService['call']>[2] = {}) =>
      service.call(method, path, { token, ...options });
    /** Runs `action` while a trigger refuses every `event` on `table`. */
    async function failing<T>(table: string, event: string, action: () => Promise<T>) {
      const name = `fail_${table}_${event.toLowerCase()}`;
      await service.dataSource.query(
        `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW
         SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'`,
      );
      try {
        return await action();
      } finally {
        await service.dataSource.query(`DROP TRIGGER ${name}`);
      }
    }
    /** Runs `action` while `table` is away. */
    async function without<T>(table: string, action: () => Promise<T>) {
      await service.dataSource.query(`RENAME TABLE ${table} TO ${table}_away`);
      try {
        return await action();
      } finally {
        await service.dataSource.query(`RENAME TABLE ${table}_away TO ${table}`);
      }
    }
    /** The 400 of an unreadable body, 401, 413 and 415 of one operation. */
    async function refusals(method: string, path: string) {
      const raw = (body: string, headers: Record<string, string> = {}, as = token) =>
        rawCall(`${service.api.url}${path}`, method, body, as, headers);
      conforms(method, path, await raw('{'), 400);
      conforms(method, path, await raw('{}', {}, ''), 401);
      conforms(method, path, await raw(oversized), 413);
      conforms(method, path, await raw('{}', compressed), 415);
    }

    it('AddMyAuthFactorOTP, VerifyMyAuthFactorOTP, RemoveMyAuthFactorOTP: 200, 400, 401, 404, 409, 413, 415, 429, 500', async () => {
      conforms('DELETE', OTP, await call('DELETE', OTP), 404);
      conforms('POST', OTP, await failing('events', 'INSERT', () => call('POST', OTP)), 500);
      const added = await call('POST', OTP, { body: {} });
      conforms('POST', OTP, added, 200);
      conforms('POST', VERIFY, await call('POST', VERIFY, { body: { code: '' } }), 400);
      const body = { code: codeOf(added.body.secret) };
      conforms(
        'POST',
        VERIFY,
        await failing('events', 'INSERT', () => call('POST', VERIFY, { body })),
        500,
      );
      conforms('POST', VERIFY, await call('POST', VERIFY, { body }), 200);
      conforms('POST', OTP, await call('POST', OTP, { body: {} }), 409);
      conforms('DELETE', OTP, await failing('events', 'INSERT', () => call('DELETE', OTP)), 500);
      conforms('DELETE', OTP, await call('DELETE', OTP), 200);
      for (const [method, path] of [
        ['POST', OTP],
        ['POST', VERIFY],
        ['DELETE', OTP],
      ] as const)
        await refusals(method, path);
      // Two wrong codes: the second locks the name.
      const pending = await call('POST', OTP, { body: {} });
      const wrong = {
        code: String((Number(codeOf(pending.body.secret)) + 1) % 1e6).padStart(6, '0'),
      };
      await call('POST', VERIFY, { body: wrong });
      conforms('POST', VERIFY, await call('POST', VERIFY, { body: wrong }), 429);
    });

    it('ListMyAuthFactors: 200, 400, 401, 413, 415, 500', async () => {
      conforms('POST', FACTORS, await call('POST', FACTORS, { body: {} }), 200);
      await refusals('POST', FACTORS);
      conforms(
        'POST',
        FACTORS,
        await without('passkeys', () => call('POST', FACTORS, { body: {} })),
        500,
      );
    });

    it('ListMyUserSessions, EndMyUserSession, EndAllMyUserSessions: 200, 400, 401, 404, 413, 415, 500', async () => {
      const item = `${SESSIONS}/some-session`;
      // A session as the provider stores one (no sign-in needed to end it).
      await service.dataSource.query(
        `INSERT INTO oidc_payloads (model, id, payload, uid, account_id) VALUES ('Session', ?, ?, ?, ?)`,
        ['stored-id', JSON.stringify({ uid: 'a-session', accountId: userId }), 'a-session', userId],
      );
      conforms(
        'DELETE',
        `${SESSIONS}/a-session`,
        await call('DELETE', `${SESSIONS}/a-session`),
        200,
      );
      conforms('POST', SEARCH, await call('POST', SEARCH, { body: {} }), 200);
      conforms('DELETE', item, await call('DELETE', item), 404);
      conforms('POST', END_ALL, await call('POST', END_ALL, { body: {} }), 200);
      for (const [method, path] of [
        ['POST', SEARCH],
        ['DELETE', item],
        ['POST', END_ALL],
      ] as const)
        await refusals(method, path);
      conforms(
        'POST',
        SEARCH,
        await without('signed_in_sessions', () => call('POST', SEARCH, { body: {} })),
        500,
      );
      conforms('DELETE', item, await without('oidc_payloads', () => call('DELETE', item)), 500);
      conforms(
        'POST',
        END_ALL,
        await without('oidc_payloads', () => call('POST', END_ALL, { body: {} })),
        500,
      );
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();

    const calls: RestCall[] = [
      ['POST', FACTORS, {}],
      ['POST', OTP, {}],
      ['POST', VERIFY, { code: '123456' }],
      ['DELETE', OTP, undefined],
      ['POST', SEARCH, {}],
      ['DELETE', `${SESSIONS}/some-session`, undefined],
      ['POST', END_ALL, {}],
    ];
    const member = async () => {
      const { userId } = await buildMember(limited.service, { orgId: limited.orgId });
      return limited.service.token(userId, { claims: { auth_time: now() } });
    };

    answersLimitAndOutage(limited, calls, member, conforms, 'account operation');
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => {
      const unseen = contract
        .declared()
        .filter(
          (response) =>
            response.includes('/auth/v1/users/me/auth_factors') ||
            response.includes(` ${SESSIONS}`),
        )
        .filter((response) => !contract.checked.has(response));
      expect(unseen).to.deep.equal([]);
    });
  });
});
