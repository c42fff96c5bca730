import type { DomainEvent } from '../../../../shared/events/event-types.js';
import { humanUserChange } from '../human-user-aggregate.js';
import type { UpdateHumanEmailRequest } from './update-human-email.request.generated.js';

/**
 * Sets a person's email address (`user.human.email.changed`). Given as verified, it is verified
 * (`user.human.email.verified`); otherwise it is unverified, and the worker emails it a link that
 * verifies it (`user.human.email.code.requested`). The same address in the same state records
 * nothing; the same address unverified asks for a new link.
 */
export const updateHumanEmail = humanUserChange<UpdateHumanEmailRequest>(({ user, request }) => {
  const { email } = request;
  const verified = request.isEmailVerified ?? false;
  if (email === user.email && verified === user.emailVerified && verified) return {};
  const event: DomainEvent[] = [];
  if (email !== user.email || user.emailVerified)
    event.push({ type: 'user.human.email.changed', payload: { email } });
  event.push(
    verified
      ? { type: 'user.human.email.verified', payload: { email } }
      : { type: 'user.human.email.code.requested', payload: { by: 'admin' } },
  );
  return { event, columns: { email, emailVerified: verified } };
});
