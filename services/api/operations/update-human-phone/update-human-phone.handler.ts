import type { DomainEvent } from '../../../../shared/events/event-types.js';
import { humanUserChange, phoneColumns } from '../human-user-aggregate.js';
import type { UpdateHumanPhoneRequest } from './update-human-phone.request.generated.js';

/**
 * Sets a person's phone number (E.164): `user.human.phone.changed`, and
 * `user.human.phone.verified` when it is given as verified. The same number in the same state
 * records nothing.
 */
export const updateHumanPhone = humanUserChange<UpdateHumanPhoneRequest>(({ user, request }) => {
  const columns = phoneColumns(request);
  const phone = columns.phone!;
  if (phone === user.phone && columns.phoneVerified === user.phoneVerified) return {};
  const event: DomainEvent[] = [{ type: 'user.human.phone.changed', payload: { phone } }];
  if (columns.phoneVerified) event.push({ type: 'user.human.phone.verified', payload: { phone } });
  return { event, columns };
});
