import { humanUserChange, phoneColumns, phoneNotFound } from '../human-user-aggregate.js';
import type { RemoveHumanPhoneRequest } from './remove-human-phone.request.generated.js';

/** Removes a person's phone number (`user.human.phone.removed`); none is USER-PHONE-NOT-FOUND. */
export const removeHumanPhone = humanUserChange<RemoveHumanPhoneRequest>(({ user }) => {
  if (user.phone === null) throw phoneNotFound();
  return {
    event: { type: 'user.human.phone.removed', payload: {} },
    columns: phoneColumns(undefined),
  };
});
