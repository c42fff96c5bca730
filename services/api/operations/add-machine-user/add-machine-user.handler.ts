import {
  inBatchedTransaction,
  LAST_INSERT_ID,
  type BatchedTransaction,
} from '../../../../shared/db/batched-transaction.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { MachineUser } from '../../../../shared/db/entities/machine-user.entity.js';
import { queueEvents } from '../../../../shared/events/record-events.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { newId } from '../../../../shared/ids.js';
import type { Details } from '../details.js';
import { machineUserFields, machineUserPayload } from '../machine-user-aggregate.js';
import type { OperationContext } from '../operation.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import type { AddMachineUserRequest } from './add-machine-user.request.generated.js';

export const machineUserNameTaken = (): ServiceError =>
  new ServiceError('MACHINE-USER-ALREADY-EXISTS');

/**
 * Adds a machine user (a service account) to the target organization, active and without
 * credentials, with its `user.machine.added`: the event first, whose position gives the row its
 * sequence, in one transaction. A userName another machine user has, in any case, is taken.
 */
export async function addMachineUser(
  { deps, orgId }: Pick<OperationContext, 'deps' | 'orgId'>,
  request: AddMachineUserRequest,
): Promise<{ userId: string; details: Details }> {
  const at = new Date();
  const userName = request.userName.trim();
  const user = {
    id: newId(),
    orgId,
    userName,
    userNameLower: uniqueNameKey(userName),
    ...machineUserFields(request),
    state: 'active' as const,
    secretEncrypted: null,
    creationDate: at,
    changeDate: at,
  };
  const sequence = await inBatchedTransaction(deps.dataSource, async (transaction) => {
    const aggregate = { id: user.id, orgId, version: 0 };
    const event = { type: 'user.machine.added', payload: machineUserPayload(user) } as const;
    const { positions, version } = queueEvents(transaction, aggregate, [event], at);
    transaction.insert(MachineUser, [{ ...user, version, sequence: LAST_INSERT_ID }]);
    await commitOrTaken(transaction);
    return positions.lastId;
  });
  const details = { sequence, creationDate: at, changeDate: at, resourceOwner: orgId };
  return { userId: user.id, details };
}

async function commitOrTaken(transaction: BatchedTransaction): Promise<void> {
  try {
    await transaction.commit();
  } catch (error) {
    if (isDuplicateKey(error, uniqueKeys.machineUserName)) throw machineUserNameTaken();
    throw error;
  }
}
