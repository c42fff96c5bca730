import type { ProjectPayload } from '../../../shared/events/event-types.js';
import type { UpdateProjectRequest } from './update-project/update-project.request.generated.js';

/**
 * The stored form of a project's settings, as Update Project and `identityctl project create`
 * write them: a PUT clears what it omits; the name is trimmed.
 */
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
