import { addUserGrantOperation } from '../../../operations/add-user-grant/add-user-grant.operation.js';
import { updateUserGrantOperation } from '../../../operations/update-user-grant/update-user-grant.operation.js';
import { removeUserGrantOperation } from '../../../operations/remove-user-grant/remove-user-grant.operation.js';
import { listUsersOperation } from '../../../operations/list-users/list-users.operation.js';
import type { UserGrantView } from '../../../queries/user-grant-queries.js';
import { ScimError } from '../../../scim/scim-errors.js';
import type { ScimCalls, ScimRequest } from './scim-exchange.js';

/** The most ids one ListUsers query takes (its inUserIdsQuery's limit). */
const IDS_PER_QUERY = 1000;

/**
 * A Group's membership as user grants on the endpoint's project: a member added holds the role
 * through their grant on the project (AddUserGrant with the key when they have none,
 * UpdateUserGrant adding it to theirs otherwise); a member removed loses the key
 * (UpdateUserGrant), and the grant itself when it was its last (RemoveUserGrant). Each is its
 * own command with its events and `user.grant.write`.
 */
export function membershipWrites(calls: ScimCalls) {
  /** Refuses, before anything is written, a member that is no person of the organization. */
  const requirePeople = async (request: ScimRequest, ids: readonly string[]): Promise<void> => {
    for (let at = 0; at < ids.length; at += IDS_PER_QUERY) {
      const userIds = ids.slice(at, at + IDS_PER_QUERY);
      const found = await calls.call(listUsersOperation, request, {
        query: { limit: IDS_PER_QUERY },
        queries: [{ typeQuery: { type: 'TYPE_HUMAN' } }, { inUserIdsQuery: { userIds } }],
      });
      const people = new Set(found.result.map((user) => user.id));
      const stranger = userIds.find((id) => !people.has(id));
      if (stranger !== undefined)
        throw new ScimError(
          400,
          `member ${stranger} is no User of this organization`,
          'invalidValue',
        );
    }
  };

  return {
    requirePeople,
    /**
     * Adds and removes members of the role `key`, given the project's grants as read; answers
     * the sequences of the commands made (none when nothing changed). The members added are
     * checked by `requirePeople` first, before any command of the request.
     */
    async write(
      request: ScimRequest,
      key: string,
      grants: readonly UserGrantView[],
      { add, remove }: { add: readonly string[]; remove: readonly string[] },
    ): Promise<string[]> {
      const projectId = request.params.projectId!;
      const grantOf = new Map(grants.map((grant) => [grant.userId, grant]));
      const sequences: string[] = [];
      const done = (result: { details: { sequence: string } }) =>
        sequences.push(result.details.sequence);
      for (const userId of add) {
        const grant = grantOf.get(userId);
        if (!grant)
          done(
            await calls.call(addUserGrantOperation, request, {
              userId,
              projectId,
              roleKeys: [key],
            }),
          );
        else if (!grant.roleKeys.includes(key))
          done(
            await calls.call(updateUserGrantOperation, request, {
              userId,
              grantId: grant.id,
              roleKeys: [...grant.roleKeys, key],
            }),
          );
      }
      for (const userId of remove) {
        const grant = grantOf.get(userId);
        if (!grant?.roleKeys.includes(key)) continue;
        const rest = grant.roleKeys.filter((held) => held !== key);
        done(
          rest.length === 0
            ? await calls.call(removeUserGrantOperation, request, { userId, grantId: grant.id })
            : await calls.call(updateUserGrantOperation, request, {
                userId,
                grantId: grant.id,
                roleKeys: rest,
              }),
        );
      }
      return sequences;
    },
  };
}
