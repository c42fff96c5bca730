import { expect } from 'chai';
import { verificationLink } from '../support/email-links.js';
import { buildMember, buildOwner } from '../support/factories.js';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { BODY_LIMIT, documentedAnswers, type Call } from '../support/openapi-answers.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { TestService, type ApiResponse } from '../support/test-service.js';

const POLICY = '/auth/v1/policies/passwords/complexity';
const PASSWORD = '/auth/v1/users/me/password';
const EMAIL = '/auth/v1/users/me/email';
const VERIFY = `${EMAIL}/_verify`;
const RESEND = `${EMAIL}/_resend_verification`;
const PATHS = / \/auth\/v1\/(policies\/passwords\/complexity|users\/me\/(password|email)[/ ])/;
const OLD = 'Openapi-keeper-1!';
const NEW = 'Openapi-keeper-2?';

/**
 * The account operations' real responses (the password, its policy, the email), success and each
 * documented error, held to the document the service serves, as openapi-responses.test.ts holds
 * the others'; in the end every response the document declares for them must have been seen.
 */
describe('the account operations’ REST responses against the OpenAPI document', function () {
  this.timeout(120_000);
  let contract: OpenApiContract;
  let service: TestService;
  /** A person with a password: the caller of the account operations. */
  let person: { token: string };
  let machineToken: string;
  const {
    conforms,
    call,
    refusals: pipelineRefusals,
    limitedAnswers,
    unseen,
    withoutTable,
    withoutEvents,
  } = documentedAnswers(() => ({
    service,
    contract,
    owner: person,
  }));
  const idOf = (response: ApiResponse) => response.body.details.at(-1).id as string;

  describe('on a running service', () => {
    before(async () => {
      service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
      await service.startRelay();
      await service.startWorker();
      const owner = await buildOwner(service);
      const imported = await service.importUser(
        {
          userName: 'openapi.account',
          profile: { firstName: 'Open', lastName: 'Api' },
          email: { email: 'openapi.account@example.com', isEmailVerified: true },
          password: OLD,
        },
        { token: owner.token },
      );
      person = { token: await service.token(imported.body.userId) };
      const machine = await service.call('POST', '/management/v1/users/machine', {
        token: owner.token,
        body: { userName: 'openapi.machine', name: 'Machine' },
      });
      machineToken = await service.token(machine.body.userId);
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    /** The 400 of an unreadable body, 401, 413 and 415 of one operation, and a machine's 400. */
    async function refusals(method: string, path: string) {
      await pipelineRefusals([method, path], person.token);
      const raw = (body: string, headers: Record<string, string> = {}, as = person.token) =>
        rawCall(`${service.api.url}${path}`, method, body, as, headers);
      const machine = await raw('{}', {}, machineToken);
      conforms([method, path], machine, 400);
      expect(idOf(machine)).to.equal('AUTH-NOT-A-PERSON');
    }
    const at = (method: string, path: string, body?: unknown): Call => [method, path, body];
    const send = async (method: string, path: string, body?: unknown, status = 200) => {
      const response = await call(at(method, path, body));
      conforms([method, path], response, status);
      return response;
    };

    it('GetMyPasswordComplexityPolicy: 200, 400, 401, 413, 415, 500', async () => {
      await send('GET', POLICY);
      await refusals('GET', POLICY);
      // The caller is looked up in the database before the policy is answered.
      conforms([`GET`, POLICY], await withoutTable('users')(() => call(at('GET', POLICY))), 500);
    });

    it('UpdateMyPassword: 200, 400 (wrong current password, policy), 401, 413, 415, 500', async () => {
      const wrong = await send('PUT', PASSWORD, { oldPassword: 'nope', newPassword: NEW }, 400);
      expect(idOf(wrong)).to.equal('USER-PASSWORD-INVALID');
      await send('PUT', PASSWORD, { oldPassword: OLD, newPassword: 'x' }, 400);
      await refusals('PUT', PASSWORD);
      const change = at('PUT', PASSWORD, { oldPassword: OLD, newPassword: NEW });
      conforms(change, await call(change, { headers: { 'if-match': '"-1"' } }), 412);
      const failed = await withoutEvents('user.human.password.changed', () => call(change));
      conforms(change, failed, 500);
      conforms(change, await call(change), 200);
    });

    it('SetMyEmail, GetMyEmail and ResendMyEmailVerification: 200, 400, 401, 413, 415, 500', async () => {
      const nothingWaits = await send('POST', RESEND, {}, 400);
      expect(idOf(nothingWaits)).to.equal('USER-EMAIL-ALREADY-VERIFIED');
      await send('PUT', EMAIL, { email: 'no address' }, 400);
      const failed = await withoutEvents('user.human.email.code.requested', () =>
        call(at('PUT', EMAIL, { email: 'failed@openapi.example' })),
      );
      conforms(['PUT', EMAIL], failed, 500);
      const moved = at('PUT', EMAIL, { email: 'moved@openapi.example' });
      conforms(moved, await call(moved, { headers: { 'if-match': '"-1"' } }), 412);
      await send('PUT', EMAIL, { email: 'moved@openapi.example' });
      const read = await send('GET', EMAIL);
      expect(read.body.pendingEmail).to.equal('moved@openapi.example');
      const resend = at('POST', RESEND, {});
      conforms(resend, await call(resend, { headers: { 'if-match': '"-1"' } }), 412);
      await send('POST', RESEND, {});
      const resendFailed = await withoutEvents('user.human.email.code.requested', () =>
        call(at('POST', RESEND, {})),
      );
      conforms(['POST', RESEND], resendFailed, 500);
      await refusals('PUT', EMAIL);
      await refusals('GET', EMAIL);
      await refusals('POST', RESEND);
      await service.dataSource.query(
        'ALTER TABLE users RENAME COLUMN pending_email TO pending_email_away',
      );
      try {
        conforms(['GET', EMAIL], await call(at('GET', EMAIL)), 500);
      } finally {
        await service.dataSource.query(
          'ALTER TABLE users RENAME COLUMN pending_email_away TO pending_email',
        );
      }
    });

    it('VerifyMyEmail: 200, 400 (a wrong code), 401, 413, 415, 500', async () => {
      const wrong = await send('POST', VERIFY, { code: 'not-the-code' }, 400);
      expect(idOf(wrong)).to.equal('USER-EMAIL-CODE-INVALID');
      await refusals('POST', VERIFY);
      const verify = at('POST', VERIFY, { code: 'c' });
      conforms(verify, await withoutTable('user_codes')(() => call(verify)), 500);
      const link = await verificationLink(service, 'moved@openapi.example');
      await send('POST', VERIFY, { code: new URL(link).searchParams.get('code')! });
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();

    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      const calls: Call[] = [
        ['GET', POLICY],
        ['PUT', PASSWORD, { oldPassword: 'a', newPassword: NEW }],
        ['GET', EMAIL],
        ['PUT', EMAIL, { email: 'limited@openapi.example' }],
        ['POST', VERIFY, { code: 'c' }],
        ['POST', RESEND, {}],
      ];
      const member = async () =>
        limited.service.token(
          (await buildMember(limited.service, { orgId: limited.orgId })).userId,
        );
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
