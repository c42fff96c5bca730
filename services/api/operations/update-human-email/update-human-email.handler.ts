import { useUpVerificationCodes } from '../../accounts/email-verification.js';
import { addressEvents, humanUserChange } from '../human-user-aggregate.js';
import type { UpdateHumanEmailRequest } from './update-human-email.request.generated.js';

/**
 * Sets a person's email address (`user.human.email.changed`). Given as verified, it is verified
 * (`user.human.email.verified`); otherwise it is unverified, and the worker emails it a link that
 * verifies it (`user.human.email.code.requested`). The same address in the same state records
 * nothing; the same address unverified asks for a new link. An address the person asked to
 * change to (SetMyEmail) stops waiting, and the links sent before are used up: the
 * administrator's address is the one to verify now.
 */
export const updateHumanEmail = humanUserChange<UpdateHumanEmailRequest>(
  async ({ transaction, user, request }) => {
    const { email } = request;
    const verified = request.isEmailVerified ?? false;
    const event = addressEvents(user, email, verified);
    if (!verified)
      event.push({ type: 'user.human.email.code.requested', payload: { by: 'admin' } });
    if (event.length === 0) return {};
    await useUpVerificationCodes(transaction, user.id);
    return { event, columns: { email, emailVerified: verified, pendingEmail: null } };
  },
);
