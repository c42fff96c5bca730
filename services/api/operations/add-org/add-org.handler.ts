import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { Organization } from '../../../../shared/db/entities/index.js';
import { commitCreation } from '../../../../shared/events/record-change.js';
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
  const sequence = await inBatchedTransaction(deps.dataSource, (transaction) =>
    commitCreation(
      transaction,
      Organization,
      { id, orgId: id },
      { type: 'org.added', payload: { name } },
      { id, name, nameLower: uniqueNameKey(name), state: 'active', changeDate: at, createdAt: at },
      at,
    ),
  ).catch(nameTakenIfDuplicate);
  return { id, details: { sequence, creationDate: at, changeDate: at, resourceOwner: id } };
}
