import { inBatchedTransaction, LAST_INSERT_ID } from '../../../../shared/db/batched-transaction.js';
import { Organization } from '../../../../shared/db/entities/index.js';
import { queueEvents } from '../../../../shared/events/record-events.js';
import { newId } from '../../../../shared/ids.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import type { Details } from '../details.js';
import type { OperationContext } from '../operation.js';
import { nameTakenIfDuplicate } from '../org-lifecycle.js';
import type { AddOrgRequest } from './add-org.request.generated.js';

export interface AddOrgResponse {
  id: string;
  details: Required<Details>;
}

/**
 * Makes an active organization (`org.added`, its first event), whatever the target organization;
 * a name another organization of the instance has already, in any case, is
 * ORG-NAME-ALREADY-EXISTS. Unlike ZITADEL's, the caller is made no member of it: the instance
 * owners who may call it hold every permission in every organization already.
 */
export async function addOrg(
  { deps }: Pick<OperationContext, 'deps'>,
  request: AddOrgRequest,
): Promise<AddOrgResponse> {
  const name = request.name.trim();
  const id = newId();
  const at = new Date();
  const sequence = await inBatchedTransaction(deps.dataSource, async (transaction) => {
    const added = { type: 'org.added', payload: { name } } as const;
    const { positions, version } = queueEvents(
      transaction,
      { id, orgId: id, version: 0 },
      [added],
      at,
    );
    transaction.insert(Organization, [
      {
        id,
        name,
        nameLower: uniqueNameKey(name),
        state: 'active',
        version,
        sequence: LAST_INSERT_ID,
        changeDate: at,
        createdAt: at,
      },
    ]);
    await transaction.commit();
    return positions.lastId;
  }).catch(nameTakenIfDuplicate);
  return { id, details: { sequence, creationDate: at, changeDate: at, resourceOwner: id } };
}
