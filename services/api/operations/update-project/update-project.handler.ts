import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import type { ProjectPayload } from '../../../../shared/events/event-types.js';
import type { OperationContext } from '../operation.js';
import { honoringIfMatch } from '../if-match.js';
import { projectChange } from '../project-aggregate.js';
import { projectSettings } from '../project-settings.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import { projectNameTaken } from './update-project.errors.js';
import { projectChanged } from './update-project.events.js';
import type { UpdateProjectRequest, UpdateProjectResponse } from './update-project.request.js';

const replaceProject = projectChange<UpdateProjectRequest>(
  ({ project, request }) => {
    const settings = projectSettings(request);
    const unchanged = (Object.keys(settings) as (keyof ProjectPayload)[]).every(
      (key) => project[key] === settings[key],
    );
    if (unchanged) return Promise.resolve({});
    const columns = { ...settings, nameLower: uniqueNameKey(settings.name) };
    return Promise.resolve({ event: projectChanged(settings), columns });
  },
  (request) => request.id,
);

/** Replaces a project of the target organization; a project of another organization is not found. */
export const updateProject = honoringIfMatch(function updateProject(
  context: OperationContext,
  request: UpdateProjectRequest,
): Promise<UpdateProjectResponse> {
  return replaceProject(context, request).catch((error: unknown) => {
    throw isDuplicateKey(error, uniqueKeys.projectName) ? projectNameTaken() : error;
  });
});
