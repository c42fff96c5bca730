import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { createHumanUser } from '../../services/api/admin/users.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';
import { minimalImport } from '../support/requests.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { pageError, SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';

const AUTH = 'identity.auth.v1.AuthService';
const OTP = '/auth/v1/users/me/auth_factors/otp';
const PASSWORD = 'Right-passw0rd!';
const now = () => Math.floor(Date.now() / 1000);

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
function codeOf(secret: string, steps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeOnEachDatabase(
  'A TOTP second factor added, confirmed and removed by its owner',
  (service) => {
    let orgId: string;
    let client: Awaited<ReturnType<typeof relyingParty>>;

    before(async () => {
      orgId = (await buildOrg(service)).orgId;
      client = await relyingParty(service);
    });

    /** A person with a password, and a token that says they signed in just now. */
    async function person() {
      const userName = `otp-${Math.random().toString(36).slice(2)}`;
      const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
        ...minimalImport(userName),
        password: PASSWORD,
      });
      const token = await service.token(userId, { claims: { auth_time: now() } });
      return { userName, userId, token };
    }

    async function signIn(userName: string): Promise<SignInPage> {
      const browser = new SignInBrowser(service.config.publicUrl);
      return browser.signIn((await authorization(client)).url, userName, PASSWORD);
    }

    const factors = async (token: string) =>
      (await service.call('POST', '/auth/v1/users/me/auth_factors/_search', { token, body: {} }))
        .body.result;

    it('adds a pending secret that sign-in ignores until its first code confirms it', async () => {
      const { userName, userId, token } = await person();
      const added = await service.call('POST', OTP, { token, body: {} });
      expect(added.status, added.text).to.equal(200);
      const { url, secret } = added.body as { url: string; secret: string };
      expect(url).to.match(/^otpauth:\/\/totp\/.+\?/);
      const parsed = OTPAuth.URI.parse(url) as OTPAuth.TOTP;
      expect(parsed.secret.base32).to.equal(secret);
      expect(parsed).to.include({ label: userName, digits: 6, period: 30, algorithm: 'SHA1' });
      expect(await factors(token)).to.deep.include({
        state: 'AUTH_FACTOR_STATE_NOT_READY',
        otp: {},
      });
      expect((await signIn(userName)).url, 'no code asked while pending').to.match(
        /callback\?code=/,
      );

      const wrong = await service.call('POST', `${OTP}/_verify`, {
        token,
        body: { code: otherThan(codeOf(secret)) },
      });
      expect(wrong.status).to.equal(400);
      expect(wrong.body.details.at(-1)).to.include({ id: 'USER-OTP-CODE-INVALID' });
      const verified = await service.call('POST', `${OTP}/_verify`, {
        token,
        body: { code: codeOf(secret) },
      });
      expect(verified.status, verified.text).to.equal(200);
      expect(verified.body.details.resourceOwner).to.equal(orgId);
      expect(await factors(token)).to.deep.include({ state: 'AUTH_FACTOR_STATE_READY', otp: {} });

      const asked = await signIn(userName);
      expect(asked.html, 'a code asked once confirmed').to.contain('name="code"');
      // The confirming code's step is used up: the next one signs in.
      const browser = new SignInBrowser(service.config.publicUrl);
      const again = await browser.signIn((await authorization(client)).url, userName, PASSWORD);
      expect(pageError(await browser.submit(again, { code: codeOf(secret) }))).to.equal(
        'That code is not valid.',
      );
      const next = await browser.signIn((await authorization(client)).url, userName, PASSWORD);
      expect((await browser.submit(next, { code: codeOf(secret, 1) })).url).to.match(
        /callback\?code=/,
      );

      const types = (await service.events(userId)).map((event) => event.type);
      expect(types).to.include.members(['user.human.otp.pending.added', 'user.human.otp.verified']);
      const recorded = JSON.stringify(await service.events(userId));
      expect(recorded).not.to.contain(secret);
      expect(service.logs.text).not.to.contain(secret);
      expect(service.logs.text).not.to.contain(`"${codeOf(secret)}"`);
    });

    it('refuses a second factor while one is confirmed, and removes it after a recent sign-in', async () => {
      const { userName, userId, token } = await person();
      const { secret } = (await service.call('POST', OTP, { token, body: {} })).body;
      await service.call('POST', `${OTP}/_verify`, { token, body: { code: codeOf(secret) } });
      const twice = await service.grpc(AUTH, 'AddMyAuthFactorOTP', {}, { token });
      expect(twice.code).to.equal(6);
      expect(twice.details.at(-1)).to.include({ id: 'USER-OTP-ALREADY-READY' });

      const stale = await service.token(userId, { claims: { auth_time: now() - 3600 } });
      const refused = await service.grpcWeb(AUTH, 'RemoveMyAuthFactorOTP', {}, { token: stale });
      expect(refused.code).to.equal(16);
      expect(refused.details.at(-1)).to.include({ id: 'REAUTHENTICATION-REQUIRED' });
      const removed = await service.grpcWeb(AUTH, 'RemoveMyAuthFactorOTP', {}, { token });
      expect(removed.code, removed.message).to.equal(0);
      expect((await signIn(userName)).url, 'no code asked once removed').to.match(
        /callback\?code=/,
      );
      const gone = await service.call('DELETE', OTP, { token });
      expect(gone.status).to.equal(404);
      expect(gone.body.details.at(-1)).to.include({ id: 'USER-OTP-NOT-FOUND' });
      const nothing = await service.call('POST', `${OTP}/_verify`, {
        token,
        body: { code: '123456' },
      });
      expect(nothing.status).to.equal(400);
      expect(nothing.body.details.at(-1)).to.include({ id: 'USER-OTP-NOT-PENDING' });
      const types = (await service.events(userId)).map((event) => event.type);
      expect(types).to.include('user.human.otp.removed');
    });

    it('asks for a recent sign-in before it adds one', async () => {
      const { userId } = await person();
      const stale = await service.token(userId, { claims: { auth_time: now() - 3600 } });
      const refused = await service.call('POST', OTP, { token: stale, body: {} });
      expect(refused.status).to.equal(401);
      expect(refused.body.details.at(-1)).to.include({ id: 'REAUTHENTICATION-REQUIRED' });
    });

    it('counts wrong codes as failed sign-ins: the last one allowed locks the name', async () => {
      const { userName, token } = await person();
      const { secret } = (await service.call('POST', OTP, { token, body: {} })).body;
      const wrong = { code: otherThan(codeOf(secret)) };
      const answers: string[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        const answer = await service.call('POST', `${OTP}/_verify`, { token, body: wrong });
        answers.push(answer.body.details.at(-1).id);
      }
      expect(answers).to.deep.equal([
        'USER-OTP-CODE-INVALID',
        'USER-OTP-CODE-INVALID',
        'USER-OTP-ATTEMPTS-LOCKED',
      ]);
      const right = await service.call('POST', `${OTP}/_verify`, {
        token,
        body: { code: codeOf(secret) },
      });
      expect(right.status).to.equal(429);
      expect(pageError(await signIn(userName))).to.match(/locked/i);
    });
  },
  async () => ({
    ...(await publicUrlEnv()),
    SIGN_IN_MAX_FAILURES: '3',
    SIGN_IN_LOCK_SECONDS: '60',
  }),
);
