import type { PrivateLabelingSetting } from '../../../../shared/db/entities/project.entity.js';
import type { Details } from '../details.js';

export interface UpdateProjectRequest {
  id: string;
  name: string;
  projectRoleAssertion?: boolean;
  projectRoleCheck?: boolean;
  hasProjectCheck?: boolean;
  privateLabelingSetting?: PrivateLabelingSetting;
}

export interface UpdateProjectResponse {
  /** The project as stored after the update; an update that changed nothing reports it as it was. */
  details: Details;
}
