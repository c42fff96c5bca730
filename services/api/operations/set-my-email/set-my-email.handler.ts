import { useUpVerificationCodes } from '../../accounts/email-verification.js';
import { myAccountChange } from '../my-account.js';
import type { SetMyEmailRequest } from './set-my-email.request.generated.js';

/**
 * Asks to change the caller's email to `email`: it waits, unverified (`pendingEmail`), and the
 * worker emails it a verification link (`user.human.email.code.requested` by `user`, naming the
 * address); the email stays the caller's, in userinfo and at sign-in, until the link is followed.
 * Links sent before are used up, so that only the address asked for last can be verified. The
 * caller's own unverified email asks for a new link to it (and withdraws a waiting one); their
 * own verified email changes nothing.
 */
export const setMyEmail = myAccountChange<SetMyEmailRequest>(
  async ({ transaction, user, request }) => {
    const { email } = request;
    if (email === user.email && user.emailVerified) return {};
    await useUpVerificationCodes(transaction, user.id);
    const waiting = email === user.email ? null : email;
    return {
      event: {
        type: 'user.human.email.code.requested',
        payload: { by: 'user', ...(waiting !== null && { email: waiting }) },
      },
      columns: { pendingEmail: waiting },
    };
  },
);
