import { ServiceError } from '../../../../shared/errors/service-error.js';
import { myAccountChange } from '../my-account.js';
import type { ResendMyEmailVerificationRequest } from './resend-my-email-verification.request.generated.js';

export const emailAlreadyVerified = (): ServiceError =>
  new ServiceError('USER-EMAIL-ALREADY-VERIFIED');

/**
 * A new verification link (`user.human.email.code.requested` by `user`): to the address waiting
 * when one does, else to the caller's unverified email. Earlier links keep working until used.
 */
export const resendMyEmailVerification = myAccountChange<ResendMyEmailVerificationRequest>(
  ({ user }) => {
    const waiting = user.pendingEmail;
    if (waiting === null && user.emailVerified) throw emailAlreadyVerified();
    return {
      event: {
        type: 'user.human.email.code.requested',
        payload: { by: 'user', ...(waiting !== null && { email: waiting }) },
      },
    };
  },
);
