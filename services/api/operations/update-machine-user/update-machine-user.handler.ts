import {
  machineUserChange,
  machineUserFields,
  machineUserPayload,
} from '../machine-user-aggregate.js';
import type { UpdateMachineUserRequest } from './update-machine-user.request.generated.js';

/** Replaces a machine user's name and description (`user.machine.changed`, unless the same). */
export const updateMachineUser = machineUserChange<UpdateMachineUserRequest>(
  ({ machineUser, request }) => {
    const fields = machineUserFields(request);
    if (fields.name === machineUser.name && fields.description === machineUser.description)
      return {};
    const payload = machineUserPayload({ ...machineUser, ...fields });
    return { event: { type: 'user.machine.changed', payload }, columns: fields };
  },
);
