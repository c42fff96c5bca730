import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { failedAttempts } from '../../services/api/accounts/failed-attempts.js';
import type {
  SignInAccount,
  SignInAccounts,
} from '../../services/api/accounts/sign-in-accounts.js';
import type { SignInOutcome } from '../../services/api/accounts/sign-in-records.js';
import {
  SignInSteps,
  type SignInState,
  type StepResult,
} from '../../services/api/accounts/sign-in-steps.js';
import { hashPassword } from '../../services/api/credentials/password-hash.js';
import { decodeOtpSecret, encryptSecret } from '../../services/api/credentials/otp-secret.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/logging/logger.js';
import { memoryFailureCounts } from '../support/memory-failure-counts.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';

const PASSWORD = 'Right-passw0rd!';
const OTP_SECRET = 'JBSWY3DPEHPK3PXP';
const ADDRESS = '192.0.2.1';
const CLIENT = 'shop';
const config = loadConfig({
  SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SIGN_IN_MAX_FAILURES: '3',
  SIGN_IN_ADDRESS_MAX_FAILURES: '10',
});

/** Accounts in a Map, recording what the steps record. */
class Accounts implements SignInAccounts {
  readonly byName = new Map<string, SignInAccount>();
  readonly recorded: { userId: string; outcome: SignInOutcome }[] = [];
  readonly passwords = new Map<string, string>();

  add(name: string, account: Partial<SignInAccount> & { passwordHash: string | null }) {
    const full: SignInAccount = {
      id: `user-${name}`,
      userName: name,
      active: true,
      passwordChangeRequired: false,
      otpSecretEncrypted: null,
      otpLastStep: null,
      ...account,
    };
    this.byName.set(name, full);
    return full;
  }
  async named(userName: string) {
    return this.byName.get(userName.trim().toLowerCase());
  }
  async byId(id: string) {
    return [...this.byName.values()].find((account) => account.id === id);
  }
  async record(userId: string, outcome: SignInOutcome) {
    this.recorded.push({ userId, outcome });
    return 'recorded' as const;
  }
  async changePassword(userId: string, passwordHash: string) {
    this.passwords.set(userId, passwordHash);
  }
  reasons(): string[] {
    return this.recorded.map(({ outcome }) => (outcome.succeeded ? 'succeeded' : outcome.reason));
  }
}

/** What the steps write after their answer (setImmediate), written. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the sign-in steps (accounts/sign-in-steps.ts)', function () {
  this.timeout(20_000);
  let accounts: Accounts;
  let steps: SignInSteps;
  let stored: string;

  before(async () => {
    stored = await hashPassword(PASSWORD);
  });
  beforeEach(() => {
    accounts = new Accounts();
    steps = new SignInSteps(
      config,
      accounts,
      failedAttempts(config.signIn, memoryFailureCounts()),
      createLogger('silent'),
    );
  });

  /** The user name step, then `secret` at the password step. */
  async function password(name: string, secret: string): Promise<StepResult> {
    const { state } = await steps.userName(name);
    return steps.password(state!, secret, ADDRESS, CLIENT);
  }

  it('asks every user name, known or not, for its password', async () => {
    accounts.add('ada', { passwordHash: stored });
    expect(await steps.userName(' Ada ')).to.deep.equal({
      state: { step: 'password', userName: ' Ada ', userId: 'user-ada', methods: [] },
    });
    expect(await steps.userName('nobody')).to.deep.equal({
      state: { step: 'password', userName: 'nobody', userId: null, methods: [] },
    });
  });

  it('signs in with the right password, recording the success', async () => {
    accounts.add('ada', { passwordHash: stored });
    const result = await password('ada', PASSWORD);
    expect(result.signedIn).to.deep.include({ userId: 'user-ada', methods: ['password'] });
    expect(await steps.succeeded(result.signedIn!, CLIENT)).to.equal('recorded');
    expect(accounts.reasons()).to.deep.equal(['succeeded']);
  });

  it('refuses a wrong password and a name nobody has alike, recording the known one only', async () => {
    accounts.add('ada', { passwordHash: stored });
    expect(await password('ada', 'wrong')).to.deep.equal({ refused: 'wrong-credentials' });
    expect(await password('nobody', 'wrong')).to.deep.equal({ refused: 'wrong-credentials' });
    await settled();
    expect(accounts.recorded.map(({ userId }) => userId)).to.deep.equal(['user-ada']);
    expect(accounts.reasons()).to.deep.equal(['wrong-password']);
  });

  it('says an inactive user’s account cannot be used, only to the right password', async () => {
    accounts.add('ada', { passwordHash: stored, active: false });
    expect(await password('ada', 'wrong')).to.deep.equal({ refused: 'wrong-credentials' });
    expect(await password('ada', PASSWORD)).to.deep.equal({ refused: 'unusable' });
    await settled();
    expect(accounts.reasons()).to.deep.equal(['wrong-password', 'inactive']);
  });

  it('locks a name at its third failure, known or not, and says until when', async () => {
    accounts.add('ada', { passwordHash: stored });
    for (const name of ['ada', 'nobody']) {
      for (let n = 0; n < 3; n++)
        expect((await password(name, 'wrong')).refused).to.equal('wrong-credentials');
      const locked = await password(name, PASSWORD);
      expect(locked.refused, name).to.equal('locked');
      expect((locked as { until: Date }).until.getTime()).to.be.greaterThan(Date.now());
    }
    await settled();
    expect(accounts.reasons()).to.deep.equal([
      'wrong-password',
      'wrong-password',
      'wrong-password',
      'locked',
    ]);
    expect(accounts.recorded[2]!.outcome).to.have.property('lockedUntil');
  });

  it('offers the argon2id hash that replaces an imported one, naming its format', async () => {
    const bcrypt = FOREIGN_VECTORS.find((vector) => vector.format.startsWith('bcrypt'))!;
    accounts.add('ada', { passwordHash: bcrypt.encoded });
    const { signedIn } = await password('ada', bcrypt.password);
    expect(signedIn!.upgradedHash!.from).to.equal('bcrypt');
    expect(signedIn!.upgradedHash!.hash).to.match(/^\$argon2id\$/);
  });

  it('asks for the TOTP code after the password, refusing a wrong one and one used before', async () => {
    const secret = decodeOtpSecret(OTP_SECRET)!;
    const encrypted = encryptSecret(config.secretsEncryptionKey!, secret);
    const totp = new OTPAuth.TOTP({ secret: OTP_SECRET });
    const account = accounts.add('ada', { passwordHash: stored, otpSecretEncrypted: encrypted });
    const asked = (await password('ada', PASSWORD)).state as SignInState;
    expect(asked).to.deep.include({ step: 'otp', methods: ['password'] });
    const code = totp.generate();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await steps.otp(asked, wrong, ADDRESS, CLIENT)).to.deep.equal({ refused: 'wrong-code' });
    const { signedIn } = await steps.otp(asked, code, ADDRESS, CLIENT);
    expect(signedIn).to.deep.include({ methods: ['password', 'totp'] });
    account.otpLastStep = signedIn!.otpStep!;
    expect(await steps.otp(asked, code, ADDRESS, CLIENT)).to.deep.equal({ refused: 'wrong-code' });
    expect(accounts.reasons()).to.deep.equal(['wrong-otp', 'otp-replayed']);
    account.otpSecretEncrypted = null;
    expect(await steps.otp(asked, code, ADDRESS, CLIENT)).to.deep.equal({ refused: 'stale' });
  });

  it('asks a user who must change their password for a new one that meets the policy', async () => {
    accounts.add('ada', { passwordHash: stored, passwordChangeRequired: true });
    const asked = (await password('ada', PASSWORD)).state as SignInState;
    expect(asked.step).to.equal('new-password');
    expect(await steps.newPassword(asked, 'New-passw0rd!', 'New-passw0rd?')).to.deep.equal({
      refused: 'passwords-differ',
    });
    expect(await steps.newPassword(asked, 'short', 'short')).to.deep.equal({
      refused: 'weak-password',
    });
    const { signedIn } = await steps.newPassword(asked, 'New-passw0rd!', 'New-passw0rd!');
    expect(signedIn).to.deep.include({ userId: 'user-ada', upgradedHash: undefined });
    expect(accounts.passwords.get('user-ada')).to.match(/^\$argon2id\$/);
  });

  it('continues a sign-in after a password reset as after the right password: to the TOTP code, no new password asked', async () => {
    const encrypted = encryptSecret(config.secretsEncryptionKey!, decodeOtpSecret(OTP_SECRET)!);
    accounts.add('ada', { passwordHash: stored, passwordChangeRequired: true });
    accounts.add('bob', { passwordHash: stored, otpSecretEncrypted: encrypted });
    accounts.add('eve', { passwordHash: stored, active: false });
    const at = { methods: [] };
    expect((await steps.passwordReset('user-ada', at)).signedIn).to.deep.include({
      userId: 'user-ada',
      userName: 'ada',
      methods: ['password'],
    });
    expect((await steps.passwordReset('user-bob', at)).state).to.deep.include({
      step: 'otp',
      userName: 'bob',
      methods: ['password'],
    });
    expect(await steps.passwordReset('user-eve', at)).to.deep.equal({ refused: 'unusable' });
    expect(await steps.passwordReset('user-nobody', at)).to.deep.equal({ refused: 'unusable' });
  });

  it('refuses every attempt from an address past its budget', async () => {
    for (let n = 0; n < 10; n++) await password(`name-${n}`, 'wrong');
    expect(await password('ada', PASSWORD)).to.deep.equal({ refused: 'address-blocked' });
  });
});
