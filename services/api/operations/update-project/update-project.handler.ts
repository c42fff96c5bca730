import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import {
  Project,
  type PrivateLabelingSetting,
} from '../../../../shared/db/entities/project.entity.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import type { ProjectPayload } from '../../../../shared/events/event-types.js';
import { updateDetails, type Details } from '../details.js';
import type { OperationContext } from '../operation.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { uniqueNameKey } from '../unique-name-key.js';

export interface UpdateProjectRequest {
  id: string;
  name: string;
  projectRoleAssertion?: boolean;
  projectRoleCheck?: boolean;
  hasProjectCheck?: boolean;
  privateLabelingSetting?: PrivateLabelingSetting;
}
export interface UpdateProjectResponse {
  details: Details;
}

export const projectNotFound = (): ServiceError =>
  new ServiceError('PROJECT-NOT-FOUND', 'project not found');
export const projectNameTaken = (): ServiceError =>
  new ServiceError(
    'PROJECT-NAME-ALREADY-EXISTS',
    'a project with this name already exists in the organization',
  );

/** The stored form: a PUT clears what it omits; the name is trimmed. */
export function projectSettings(request: Omit<UpdateProjectRequest, 'id'>): ProjectPayload {
  return {
    name: request.name.trim(),
    projectRoleAssertion: request.projectRoleAssertion ?? false,
    projectRoleCheck: request.projectRoleCheck ?? false,
    hasProjectCheck: request.hasProjectCheck ?? false,
    privateLabelingSetting:
      request.privateLabelingSetting ?? 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
  };
}

/** Replaces a project of the target organization; a project of another organization is not found. */
export async function updateProject(
  { deps, orgId }: OperationContext,
  request: UpdateProjectRequest,
): Promise<UpdateProjectResponse> {
  const settings = projectSettings(request);
  return inBatchedTransaction(deps.dataSource, async (transaction) => {
    const [project] = await transaction.find(Project, { id: request.id, orgId }, { lock: true });
    if (!project) throw projectNotFound();
    const unchanged = (Object.keys(settings) as (keyof ProjectPayload)[]).every(
      (key) => project[key] === settings[key],
    );
    if (unchanged) return { details: updateDetails(project) };
    const event = { type: 'project.changed', payload: settings } as const;
    const columns = { ...settings, nameLower: uniqueNameKey(settings.name) };
    try {
      const changed = await commitChange(transaction, Project, project, event, columns);
      return { details: updateDetails({ ...project, ...changed }) };
    } catch (error) {
      throw isDuplicateKey(error, uniqueKeys.projectName) ? projectNameTaken() : error;
    }
  });
}
