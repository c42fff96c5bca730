import type { Details } from '../details.js';

export type { UpdateProjectRequest } from './update-project.request.generated.js';

export interface UpdateProjectResponse {
  /** The project as stored after the update; an update that changed nothing reports it as it was. */
  details: Details;
}
