import type { Config } from '../../../shared/config/config.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { hashPassword, inHashingSlot } from '../credentials/password-hash.js';
import { meetsPasswordPolicy } from '../credentials/password-policy.js';
import { checkTotp, decryptOtpSecret } from '../credentials/totp.js';
import { hashFormatName, verifyPassword } from '../credentials/verify-password.js';
import type { Attempt, FailedAttempts } from './failed-attempts.js';
import type { SignInAccounts, SignInAccount } from './sign-in-accounts.js';
import type { SignInFailure } from '../../../shared/events/event-types.js';
import type { ExternalIdentity } from './external-identities.js';

/**
 * The step of a sign-in a page asks for; after a provider's identity that no user has: the
 * choice between linking an account and making one, and the form that makes one.
 */
export type Step = PasswordStep | 'idp-choice' | 'idp-register';

/** The steps of a sign-in by user name and password (and its TOTP code, a new password). */
export type PasswordStep = 'user-name' | 'password' | 'otp' | 'new-password';

/**
 * Why a submission was refused, for the page to say in its words: a wrong user name or password
 * (never which), the right password of an account that cannot be used (deactivated or locked by
 * an administrator, or of a deactivated organization: said only to whoever knows the password, so
 * it tells nobody else that the name exists), a locked name (until when), an address past its budget, a wrong TOTP code, a
 * sign-in gone stale, two new passwords that differ, or one that breaks the policy.
 */
export type Refusal =
  | 'wrong-credentials'
  | 'unusable'
  | 'locked'
  | 'address-blocked'
  | 'wrong-code'
  | 'stale'
  | 'passwords-differ'
  | 'weak-password'
  /** The login policy the sign-in follows allows no user name and password (allowUsernamePassword). */
  | 'password-not-allowed';

/** Where a sign-in stands between two pages; kept with the provider's state, by interaction. */
export interface SignInState {
  step: Step;
  userName?: string;
  /** Null for a user name nobody has: the password step fails for it as for a wrong password. */
  userId?: string | null;
  methods: string[];
  upgradedHash?: { hash: string; from: string };
  otpStep?: number;
  /** The identity provider signed in through (`methods` has 'idp'), named by the success. */
  idpId?: string;
  /**
   * A provider's identity that no user has yet: linked to the user this sign-in ends with (the
   * person signs in to an existing account to link it), or made a user of its own.
   */
  external?: ExternalIdentity;
  /** The person is asked to sign in to the account the provider's email or user name found. */
  linkBy?: 'email' | 'username';
}

/** What a submission led to: the next state, a refusal (a lock's with its end), or signed in. */
export type StepResult =
  | { state: SignInState; refused?: undefined; signedIn?: undefined }
  | { state?: undefined; refused: Refusal; until?: Date; signedIn?: undefined }
  /** Signed in: every factor passed; what the success records (methods, upgrade, TOTP step). */
  | { signedIn: SignInState & { userId: string }; state?: undefined; refused?: undefined };

/**
 * The steps of a sign-in by password: user name, password, TOTP code, a new password. They know
 * no page and no word: each answers a StepResult, which the sign-in pages put in their language.
 */
export class SignInSteps {
  constructor(
    private readonly config: Config,
    private readonly accounts: SignInAccounts,
    private readonly attempts: FailedAttempts,
    private readonly logger: Logger,
  ) {}

  /** The user name; a sign-in that links a provider's identity (`linking`) keeps it. */
  async userName(
    userName: string,
    linking: Pick<SignInState, 'external' | 'idpId' | 'methods'> = { methods: [] },
  ): Promise<StepResult> {
    const user = await this.accounts.named(userName);
    return { state: { ...linking, step: 'password', userName, userId: user?.id ?? null } };
  }

  /**
   * An unknown user name takes the path of a wrong password, at the same cost: the same count of
   * the attempt before the password is checked (by the name submitted, whoever has it), and the
   * same answer to a lock, with nothing read; else the same read of a user (by an id nobody has),
   * a dummy verification, and the same answer. What a known user's failure writes (its event, the
   * lock's) is written after the answer, so that it answers as soon as an unknown name's; its
   * count and lock are in place before the password is checked.
   */
  async password(state: SignInState, password: string, address: string, clientId: string) {
    const reserved = await this.attempts.reserve(state.userName ?? '', address);
    if (reserved.refused === 'address-blocked') return refused('address-blocked');
    if (reserved.refused === 'locked') {
      const { userId } = state;
      if (userId) this.afterTheAnswer(() => this.accounts.record(userId, fail(clientId, 'locked')));
      return refused('locked', reserved.until);
    }
    const user = await this.accounts.byId(state.userId ?? NO_USER);
    const verified = await verifyPassword(this.config, user?.passwordHash ?? null, password);
    if (!user || !verified.ok || !user.active) {
      const reason = verified.ok ? 'inactive' : 'wrong-password';
      this.afterTheAnswer(() => this.failed(reserved.attempt, user?.id ?? null, clientId, reason));
      return refused(verified.ok ? 'unusable' : 'wrong-credentials');
    }
    await reserved.attempt.passed();
    const upgradedHash = verified.upgradedHash
      ? { hash: verified.upgradedHash, from: hashFormatName(user.passwordHash!) }
      : undefined;
    return this.after({ ...state, methods: [...state.methods, 'password'], upgradedHash }, user);
  }

  /** The TOTP code, counted against the name's and the address's attempts as a password is. */
  async otp(state: SignInState, code: string, address: string, clientId: string) {
    const user = await this.accounts.byId(state.userId!);
    if (!user?.otpSecretEncrypted) return refused('stale');
    const reserved = await this.attempts.reserve(state.userName ?? '', address);
    if (reserved.refused === 'address-blocked') return refused('address-blocked');
    if (reserved.refused === 'locked') {
      await this.accounts.record(user.id, fail(clientId, 'locked'));
      return refused('locked', reserved.until);
    }
    const secret = decryptOtpSecret(this.config, Buffer.from(user.otpSecretEncrypted));
    const checked = checkTotp(secret, code.trim(), user.otpLastStep);
    if (!checked.ok) {
      const { locked } = await reserved.attempt.failed();
      await this.accounts.record(user.id, {
        ...fail(clientId, checked.replayed ? 'otp-replayed' : 'wrong-otp'),
        ...(locked && { lockedUntil: locked }),
      });
      return locked ? refused('locked', locked) : refused('wrong-code');
    }
    await reserved.attempt.passed();
    return this.after(
      { ...state, methods: [...state.methods, 'totp'], otpStep: checked.step },
      { ...user, otpSecretEncrypted: null },
    );
  }

  async newPassword(state: SignInState, password: string, repeated: string) {
    const policy = this.config.passwordPolicy;
    if (password !== repeated) return refused('passwords-differ');
    if (!meetsPasswordPolicy(policy, password)) return refused('weak-password');
    const hash = await inHashingSlot(this.config.passwordHashConcurrency, () =>
      hashPassword(password),
    );
    await this.accounts.changePassword(state.userId!, hash);
    // The new hash is argon2id already: nothing left to upgrade.
    return this.done({ ...state, upgradedHash: undefined });
  }

  /**
   * Records the successful sign-in; the user's count of failures starts again. 'otp-replayed'
   * when a concurrent sign-in used the same TOTP code first: then this one is refused.
   */
  async succeeded(state: SignInState, clientId: string): Promise<'recorded' | 'otp-replayed'> {
    const outcome = await this.accounts.record(state.userId!, {
      succeeded: true,
      clientId,
      methods: state.methods,
      ...(state.idpId && { idpId: state.idpId }),
      ...(state.upgradedHash && { upgradedHash: state.upgradedHash }),
      ...(state.otpStep !== undefined && { otpStep: state.otpStep }),
    });
    if (outcome === 'recorded') await this.attempts.signedIn(state.userName ?? '');
    return outcome;
  }

  /** Settles a failed attempt, and records it (with the lock it led to) for a known user. */
  private async failed(
    attempt: Attempt,
    userId: string | null,
    clientId: string,
    reason: 'wrong-password' | 'inactive',
  ): Promise<void> {
    const { locked } = await attempt.failed();
    if (userId)
      await this.accounts.record(userId, {
        ...fail(clientId, reason),
        ...(locked && { lockedUntil: locked }),
      });
  }

  /**
   * Work that must not delay the answer, begun once the answer is sent: started at once, its
   * first steps (a transaction's statements built, a connection taken) would run in the
   * microtasks before the page is written, and a known user's failure answer later than an
   * unknown name's (bench:sign-in-timing told them apart). Its failure is logged (by name: no
   * secret in it).
   */
  private afterTheAnswer(work: () => Promise<unknown>): void {
    setImmediate(() => {
      work().catch((error: unknown) =>
        this.logger.error({ error: (error as Error)?.name }, 'recording a failed sign-in failed'),
      );
    });
  }

  /**
   * A sign-in through identity provider `idpId` as the user its identity is linked to (or was
   * just made for): refused as a right password of a user who cannot sign in is ('unusable',
   * recorded 'inactive'); else on as after a password, to the TOTP code when the user has one.
   * No new password is asked: the person gave none.
   */
  async brokered(userId: string, idpId: string, clientId: string): Promise<StepResult> {
    const user = await this.accounts.byId(userId);
    if (!user) return refused('stale');
    if (!user.active) {
      await this.accounts.record(user.id, fail(clientId, 'inactive'));
      return refused('unusable');
    }
    const { userName } = user;
    return this.after({ step: 'user-name', userName, userId, idpId, methods: ['idp'] }, user);
  }

  /**
   * A sign-in continued after its person set a new password with a reset link (which proves the
   * email, as a password would): on as after a password, to the TOTP code when the user has one;
   * no new password is asked, one was just set. A sign-in that links a provider's identity
   * (`linking`) keeps it. Refused as a right password of a user who cannot sign in is.
   */
  async passwordReset(
    userId: string,
    linking: Pick<SignInState, 'external' | 'idpId' | 'linkBy' | 'methods'>,
  ): Promise<StepResult> {
    const user = await this.accounts.byId(userId);
    if (!user?.active) return refused('unusable');
    const { external, idpId, linkBy, methods } = linking;
    const state: SignInState = {
      ...(external && { external, linkBy }),
      ...(idpId && { idpId }),
      step: 'password',
      userName: user.userName,
      userId,
      methods: [...methods.filter((method) => method !== 'password'), 'password'],
    };
    return this.after(state, { ...user, passwordChangeRequired: false });
  }

  /**
   * The step after a verified factor: the TOTP code if the user has one, then a new password
   * when one is required and a password was what the person gave.
   */
  private after(state: SignInState, user: SignInAccount): StepResult {
    if (user.otpSecretEncrypted && !state.methods.includes('totp'))
      return { state: { ...state, step: 'otp' } };
    if (user.passwordChangeRequired && state.methods.includes('password'))
      return { state: { ...state, step: 'new-password' } };
    return this.done(state);
  }

  private done(state: SignInState): StepResult {
    return { signedIn: { ...state, userId: state.userId! }, state: undefined };
  }
}

/** An id no user has: what an unknown user name is looked up by. */
const NO_USER = '';

function refused(refusal: Refusal, until?: Date): StepResult {
  return { refused: refusal, ...(until && { until }) };
}

function fail(clientId: string, reason: SignInFailure) {
  return { succeeded: false as const, clientId, reason };
}
