import { checkTotp, decryptOtpSecret } from '../../credentials/totp.js';
import { User } from '../../../../shared/db/entities/index.js';
import type { Attempt } from '../../accounts/failed-attempts.js';
import { callerChange, otpAttemptsLocked, otpCodeInvalid, otpNotPending } from '../my-otp.js';
import type { OperationContext } from '../operation.js';
import type {
  VerifyMyAuthFactorOTPRequest,
  VerifyMyAuthFactorOTPResponse,
} from './verify-my-auth-factor-otp.request.js';

/**
 * The pending secret's first code makes it the caller's TOTP second factor
 * (`user.human.otp.verified`); its time step is stored as the last used, so the same code does
 * not sign in after.
 */
const confirmPending = callerChange<VerifyMyAuthFactorOTPRequest>(({ user, request, deps }) => {
  const pending = user.otpPendingSecretEncrypted;
  if (pending === null) throw otpNotPending();
  const secret = decryptOtpSecret(deps.config, Buffer.from(pending));
  const checked = checkTotp(secret, request.code.trim(), null);
  if (!checked.ok) throw otpCodeInvalid();
  return {
    event: { type: 'user.human.otp.verified', payload: {} },
    columns: {
      otpSecretEncrypted: pending,
      otpPendingSecretEncrypted: null,
      otpLastStep: checked.step,
    },
  };
});

/**
 * A code is an attempt at a secret, counted as a TOTP code at sign-in is: against the caller's
 * user name (a wrong one counts towards the name's lock, which a sign-in honours too), before it
 * is checked; its address slot is the caller's own, so that no one else's attempts count.
 */
export async function verifyMyAuthFactorOTP(
  context: OperationContext,
  request: VerifyMyAuthFactorOTPRequest,
): Promise<VerifyMyAuthFactorOTPResponse> {
  const { deps, caller } = context;
  const attempts = deps.failedAttempts;
  if (!attempts) return confirmPending(context, request);
  const [user] = await deps.dataSource
    .getRepository(User)
    .find({ where: { id: caller.userId }, select: ['id', 'userName'] });
  const reserved = await attempts.reserve(user?.userName ?? '', `account:${caller.userId}`);
  const lockSeconds = deps.config.signIn.lockSeconds;
  if (reserved.refused)
    throw otpAttemptsLocked(
      reserved.refused === 'locked' ? secondsUntil(reserved.until) : lockSeconds,
    );
  return settled(reserved.attempt, () => confirmPending(context, request));
}

function secondsUntil(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
}

/** The attempt failed when the code was wrong; anything else gives its slots back. */
async function settled<T>(attempt: Attempt, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    await attempt.passed();
    return result;
  } catch (error) {
    if ((error as { id?: string }).id !== 'USER-OTP-CODE-INVALID') await attempt.passed();
    else {
      const { locked } = await attempt.failed();
      if (locked) throw otpAttemptsLocked(secondsUntil(locked));
    }
    throw error;
  }
}
