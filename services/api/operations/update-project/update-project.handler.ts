import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { Project } from '../../../../shared/db/entities/project.entity.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import type { ProjectPayload } from '../../../../shared/events/event-types.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { updateDetails } from '../details.js';
import type { OperationContext } from '../operation.js';
import { projectSettings } from '../project-settings.js';
import { uniqueNameKey } from '../unique-name-key.js';
import { projectNameTaken, projectNotFound } from './update-project.errors.js';
import { projectChanged } from './update-project.events.js';
import type { UpdateProjectRequest, UpdateProjectResponse } from './update-project.request.js';

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
    const columns = { ...settings, nameLower: uniqueNameKey(settings.name) };
    try {
      const changed = await commitChange(
        transaction,
        Project,
        project,
        projectChanged(settings),
        columns,
      );
      return { details: updateDetails({ ...project, ...changed }) };
    } catch (error) {
      throw isDuplicateKey(error, uniqueKeys.projectName) ? projectNameTaken() : error;
    }
  });
}
