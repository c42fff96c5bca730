import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { buildMember, buildOwner } from '../support/factories.js';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { TestService } from '../support/test-service.js';

const FACTORS = '/auth/v1/users/me/auth_factors/_search';
const OTP = '/auth/v1/users/me/auth_factors/otp';
const VERIFY = `${OTP}/_verify`;
const SESSIONS = '/auth/v1/users/me/sessions';
const SEARCH = `${SESSIONS}/_search`;
const END_ALL = `${SESSIONS}/_end_all`;
const PATHS = / \/auth\/v1\/users\/me\/(auth_factors|sessions)\//;
const now = () => Math.floor(Date.now() / 1000);
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/**
 * The account page's TOTP and session operations' real responses, success and each documented
 * error, held to the document the service serves; in the end every response the document
 * declares for them must have been seen.
 */
describe('the TOTP and session operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  /** The caller: an owner who signed in just now (adding and removing TOTP need a recent one). */
  let owner: { token: string; userId: string };
  const { conforms, call, refusals, limitedAnswers, unseen, withoutTable, withoutEvents } =
    documentedAnswers(() => ({ service, contract, owner }));

  describe('on a running service', () => {
    before(async () => {
      service = await TestService.start({
        REQUEST_BODY_LIMIT: String(BODY_LIMIT),
        SIGN_IN_MAX_FAILURES: '2',
      });
      const { userId } = await buildOwner(service);
      owner = { userId, token: await service.token(userId, { claims: { auth_time: now() } }) };
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    it('AddMyAuthFactorOTP, VerifyMyAuthFactorOTP, RemoveMyAuthFactorOTP: 200, 400, 401, 404, 409, 413, 415, 429, 500', async () => {
      const add: Call = ['POST', OTP, {}];
      const remove: Call = ['DELETE', OTP];
      conforms(remove, await call(remove), 404);
      const pendingAdded = 'user.human.otp.pending.added';
      conforms(add, await withoutEvents(pendingAdded, () => call(add)), 500);
      const added = await call(add);
      conforms(add, added, 200);
      conforms(['POST', VERIFY], await call(['POST', VERIFY, { code: '' }]), 400);
      const verify: Call = ['POST', VERIFY, { code: codeOf(added.body.secret) }];
      conforms(verify, await withoutEvents('user.human.otp.verified', () => call(verify)), 500);
      conforms(verify, await call(verify), 200);
      conforms(add, await call(add), 409);
      conforms(remove, await withoutEvents('user.human.otp.removed', () => call(remove)), 500);
      conforms(remove, await call(remove), 200);
      for (const each of [add, verify, remove]) await refusals(each);
      // Two wrong codes: the second locks the name (429 with Retry-After).
      const pending = await call(add);
      const right = Number(codeOf(pending.body.secret));
      const wrong: Call = ['POST', VERIFY, { code: String((right + 1) % 1e6).padStart(6, '0') }];
      await call(wrong);
      conforms(wrong, await call(wrong), 429);
    });

    it('ListMyAuthFactors: 200, 400, 401, 413, 415, 500', async () => {
      const list: Call = ['POST', FACTORS, {}];
      conforms(list, await call(list), 200);
      await refusals(list);
      conforms(list, await withoutTable('passkeys')(() => call(list)), 500);
    });

    it('ListMyUserSessions, EndMyUserSession, EndAllMyUserSessions: 200, 400, 401, 404, 413, 415, 500', async () => {
      const search: Call = ['POST', SEARCH, {}];
      const endAll: Call = ['POST', END_ALL, {}];
      const unknown: Call = ['DELETE', `${SESSIONS}/some-session`];
      // A session as the provider stores one (no sign-in needed to end it).
      await service.dataSource.query(
        `INSERT INTO oidc_payloads (model, id, payload, uid, account_id) VALUES ('Session', ?, ?, ?, ?)`,
        [
          'stored-id',
          JSON.stringify({ uid: 'a-session', accountId: owner.userId }),
          'a-session',
          owner.userId,
        ],
      );
      conforms(
        ['DELETE', `${SESSIONS}/a-session`],
        await call(['DELETE', `${SESSIONS}/a-session`]),
        200,
      );
      conforms(search, await call(search), 200);
      conforms(unknown, await call(unknown), 404);
      conforms(endAll, await call(endAll), 200);
      for (const each of [search, unknown, endAll]) await refusals(each);
      conforms(search, await withoutTable('signed_in_sessions')(() => call(search)), 500);
      conforms(unknown, await withoutTable('oidc_payloads')(() => call(unknown)), 500);
      conforms(endAll, await withoutTable('oidc_payloads')(() => call(endAll)), 500);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      const calls: Call[] = [
        ['POST', FACTORS, {}],
        ['POST', OTP, {}],
        ['POST', VERIFY, { code: '123456' }],
        ['DELETE', OTP],
        ['POST', SEARCH, {}],
        ['DELETE', `${SESSIONS}/some-session`],
        ['POST', END_ALL, {}],
      ];
      const member = async () => {
        const { userId } = await buildMember(limited.service, { orgId: limited.orgId });
        return limited.service.token(userId, { claims: { auth_time: now() } });
      };
      await limitedAnswers(
        limited.service,
        () => Promise.resolve(calls),
        member,
        () => limited.proxy.cut(),
      );
    });
  });

  describe('every response the document declares for them', () => {
    it('was seen above', () => {
      expect(unseen(PATHS)).to.deep.equal([]);
    });
  });
});
