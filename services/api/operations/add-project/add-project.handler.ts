import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { Project } from '../../../../shared/db/entities/index.js';
import { commitCreation } from '../../../../shared/events/record-change.js';
import { newId } from '../../../../shared/ids.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import type { Details } from '../details.js';
import type { OperationContext } from '../operation.js';
import { projectSettings } from '../project-settings.js';
import { projectNameTaken } from '../update-project/update-project.errors.js';
import type { AddProjectRequest } from './add-project.request.generated.js';

export interface AddProjectResponse {
  id: string;
  details: Required<Details>;
}

/**
 * Makes a project of the target organization with its settings (`project.added`, whose position
 * is the project's first sequence); a name the organization has already, in any case, is
 * PROJECT-NAME-ALREADY-EXISTS.
 */
export async function addProject(
  { deps, orgId }: Pick<OperationContext, 'deps' | 'orgId'>,
  request: AddProjectRequest,
): Promise<AddProjectResponse> {
  const settings = projectSettings(request);
  const id = newId();
  const at = new Date();
  const sequence = await inBatchedTransaction(deps.dataSource, (transaction) =>
    commitCreation(
      transaction,
      Project,
      { id, orgId },
      { type: 'project.added', payload: settings },
      {
        id,
        orgId,
        ...settings,
        nameLower: uniqueNameKey(settings.name),
        state: 'active',
        creationDate: at,
        changeDate: at,
      },
      at,
    ),
  ).catch((error: unknown) => {
    throw isDuplicateKey(error, uniqueKeys.projectName) ? projectNameTaken() : error;
  });
  return {
    id,
    details: { sequence, creationDate: at, changeDate: at, resourceOwner: orgId },
  };
}
