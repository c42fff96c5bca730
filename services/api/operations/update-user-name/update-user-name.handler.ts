import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { MachineUser, User } from '../../../../shared/db/entities/index.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import { machineUserNameTaken } from '../add-machine-user/add-machine-user.handler.js';
import { updateDetails, type DetailsResponse } from '../details.js';
import { expectUnchanged, honoringIfMatch } from '../if-match.js';
import { userNameTaken } from '../import-human-user/import-human-user.errors.js';
import type { OperationContext } from '../operation.js';
import { lockedAccount } from '../user-lifecycle.js';
import type { UpdateUserNameRequest } from './update-user-name.request.generated.js';

/**
 * Changes the user name of a user of the target organization, a person or a machine user
 * (`user.username.changed`): they sign in by the new name from then on. The name is trimmed and
 * unique without regard to case (the database's unique key says so, under the user's lock); the
 * same name, exactly, records nothing.
 */
export const updateUserName = honoringIfMatch(
  ({ deps, orgId, ifMatch }: OperationContext, request: UpdateUserNameRequest) =>
    inBatchedTransaction(deps.dataSource, async (transaction): Promise<DetailsResponse> => {
      const { human, machine } = await lockedAccount(transaction, request.userId, orgId);
      const user = human ?? machine;
      expectUnchanged(ifMatch, user.sequence);
      const userName = request.userName.trim();
      if (userName === user.userName) return { details: updateDetails(user) };
      const event = {
        type: 'user.username.changed',
        payload: { userName, oldUserName: user.userName },
      } as const;
      const columns = { userName, userNameLower: uniqueNameKey(userName) };
      try {
        const done = human
          ? await commitChange(transaction, User, human, event, columns)
          : await commitChange(transaction, MachineUser, machine, event, columns);
        return { details: updateDetails({ ...user, ...done }) };
      } catch (error) {
        if (isDuplicateKey(error, uniqueKeys.userName)) throw userNameTaken();
        if (isDuplicateKey(error, uniqueKeys.machineUserName)) throw machineUserNameTaken();
        throw error;
      }
    }),
);
