import { expect } from 'chai';
import { verificationLink } from '../support/email-links.js';
import { buildMember, buildOwner } from '../support/factories.js';
import { limitedServiceBehindProxy } from '../support/limited-service.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { rawCall } from '../support/raw-call.js';
import { TestService, type ApiResponse } from '../support/test-service.js';

const POLICY = '/auth/v1/policies/passwords/complexity';
const PASSWORD = '/auth/v1/users/me/password';
const EMAIL = '/auth/v1/users/me/email';
const VERIFY = `${EMAIL}/_verify`;
const RESEND = `${EMAIL}/_resend_verification`;
const PATHS = [POLICY, PASSWORD, EMAIL, VERIFY, RESEND];
const BODY_LIMIT = 4096;
const oversized = JSON.stringify({ email: 'x'.repeat(BODY_LIMIT) });
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

  function conforms(method: string, path: string, response: ApiResponse, status: number): void {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(contract.check(method, path, response)).to.deep.equal([]);
  }
  const idOf = (response: ApiResponse) => response.body.details.at(-1).id as string;

  describe('on a running service', () => {
    let service: TestService;
    let token: string;
    let machineToken: string;

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
      token = await service.token(imported.body.userId);
      const machine = await service.call('POST', '/management/v1/users/machine', {
        token: owner.token,
        body: { userName: 'openapi.machine', name: 'Machine' },
      });
      machineToken = await service.token(machine.body.userId);
      contract = new OpenApiContract((await service.call('GET', '/openapi.json')).body);
    });
    after(() => service?.close());

    const call = (method: string, path: string, body?: unknown) =>
      service.call(method, path, { token, body });
    /** Runs `action` while recording an event of `type` fails. */
    async function failingEvent<T>(type: string, action: () => Promise<T>) {
      await service.dataSource.query(
        `CREATE TRIGGER fail_account_event BEFORE INSERT ON events FOR EACH ROW
         IF NEW.type = '${type}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF`,
      );
      try {
        return await action();
      } finally {
        await service.dataSource.query('DROP TRIGGER fail_account_event');
      }
    }
    /** Runs `action` while the table `name` is away. */
    async function without<T>(name: string, action: () => Promise<T>) {
      await service.dataSource.query(`RENAME TABLE ${name} TO ${name}_away`);
      try {
        return await action();
      } finally {
        await service.dataSource.query(`RENAME TABLE ${name}_away TO ${name}`);
      }
    }
    /** The 400 of an unreadable body, 401, 413 and 415 of one operation, and a machine's 400. */
    async function refusals(method: string, path: string) {
      const raw = (body: string, headers: Record<string, string> = {}, as = token) =>
        rawCall(`${service.api.url}${path}`, method, body, as, headers);
      conforms(method, path, await raw('{'), 400);
      conforms(method, path, await raw('{}', {}, ''), 401);
      conforms(method, path, await raw(oversized), 413);
      conforms(method, path, await raw('{}', { 'content-encoding': 'compress' }), 415);
      const machine = await raw('{}', {}, machineToken);
      conforms(method, path, machine, 400);
      expect(idOf(machine)).to.equal('AUTH-NOT-A-PERSON');
    }

    it('GetMyPasswordComplexityPolicy: 200, 400, 401, 413, 415, 500', async () => {
      conforms('GET', POLICY, await call('GET', POLICY), 200);
      await refusals('GET', POLICY);
      // The caller is looked up in the database before the policy is answered.
      conforms('GET', POLICY, await without('users', () => call('GET', POLICY)), 500);
    });

    it('UpdateMyPassword: 200, 400 (wrong current password, policy), 401, 413, 415, 500', async () => {
      const wrong = await call('PUT', PASSWORD, { oldPassword: 'nope', newPassword: NEW });
      conforms('PUT', PASSWORD, wrong, 400);
      expect(idOf(wrong)).to.equal('USER-PASSWORD-INVALID');
      conforms(
        'PUT',
        PASSWORD,
        await call('PUT', PASSWORD, { oldPassword: OLD, newPassword: 'x' }),
        400,
      );
      await refusals('PUT', PASSWORD);
      const failed = await failingEvent('user.human.password.changed', () =>
        call('PUT', PASSWORD, { oldPassword: OLD, newPassword: NEW }),
      );
      conforms('PUT', PASSWORD, failed, 500);
      conforms(
        'PUT',
        PASSWORD,
        await call('PUT', PASSWORD, { oldPassword: OLD, newPassword: NEW }),
        200,
      );
    });

    it('SetMyEmail, GetMyEmail and ResendMyEmailVerification: 200, 400, 401, 413, 415, 500', async () => {
      const nothingWaits = await call('POST', RESEND, {});
      conforms('POST', RESEND, nothingWaits, 400);
      expect(idOf(nothingWaits)).to.equal('USER-EMAIL-ALREADY-VERIFIED');
      conforms('PUT', EMAIL, await call('PUT', EMAIL, { email: 'no address' }), 400);
      const failed = await failingEvent('user.human.email.code.requested', () =>
        call('PUT', EMAIL, { email: 'failed@openapi.example' }),
      );
      conforms('PUT', EMAIL, failed, 500);
      conforms('PUT', EMAIL, await call('PUT', EMAIL, { email: 'moved@openapi.example' }), 200);
      const read = await call('GET', EMAIL);
      conforms('GET', EMAIL, read, 200);
      expect(read.body.pendingEmail).to.equal('moved@openapi.example');
      conforms('POST', RESEND, await call('POST', RESEND, {}), 200);
      const resendFailed = await failingEvent('user.human.email.code.requested', () =>
        call('POST', RESEND, {}),
      );
      conforms('POST', RESEND, resendFailed, 500);
      await refusals('PUT', EMAIL);
      await refusals('GET', EMAIL);
      await refusals('POST', RESEND);
      await service.dataSource.query(
        'ALTER TABLE users RENAME COLUMN pending_email TO pending_email_away',
      );
      try {
        conforms('GET', EMAIL, await call('GET', EMAIL), 500);
      } finally {
        await service.dataSource.query(
          'ALTER TABLE users RENAME COLUMN pending_email_away TO pending_email',
        );
      }
    });

    it('VerifyMyEmail: 200, 400 (a wrong code), 401, 413, 415, 500', async () => {
      const wrong = await call('POST', VERIFY, { code: 'not-the-code' });
      conforms('POST', VERIFY, wrong, 400);
      expect(idOf(wrong)).to.equal('USER-EMAIL-CODE-INVALID');
      await refusals('POST', VERIFY);
      conforms(
        'POST',
        VERIFY,
        await without('user_codes', () => call('POST', VERIFY, { code: 'c' })),
        500,
      );
      const link = await verificationLink(service, 'moved@openapi.example');
      const code = new URL(link).searchParams.get('code')!;
      conforms('POST', VERIFY, await call('POST', VERIFY, { code }), 200);
    });
  });

  describe('on a service with a rate limit and a database that goes away', () => {
    const limited = limitedServiceBehindProxy();
    const calls: [string, string, unknown][] = [
      ['GET', POLICY, undefined],
      ['PUT', PASSWORD, { oldPassword: 'a', newPassword: NEW }],
      ['GET', EMAIL, undefined],
      ['PUT', EMAIL, { email: 'limited@openapi.example' }],
      ['POST', VERIFY, { code: 'c' }],
      ['POST', RESEND, {}],
    ];
    const member = async () => {
      const { userId } = await buildMember(limited.service, { orgId: limited.orgId });
      return limited.service.token(userId);
    };

    it('answers 429 past the limit, for every account operation', async () => {
      for (const [method, path, body] of calls) {
        const token = await member();
        const first = await limited.service.call(method, path, { token, body });
        expect(first.status, JSON.stringify(first.body)).to.not.equal(429);
        conforms(method, path, await limited.service.call(method, path, { token, body }), 429);
      }
    });

    it('answers 503 while the database is unreachable, for every account operation', async () => {
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
        .filter((response) => PATHS.includes(response.split(' ')[1]!))
        .filter((response) => !contract.checked.has(response));
      expect(unseen).to.deep.equal([]);
    });
  });
});
