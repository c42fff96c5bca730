import type { GrantedProjectView } from '../../queries/project-grant-queries.js';

export type { GetProjectGrantByIDRequest } from './get-project-grant-by-id.request.generated.js';

export interface GetProjectGrantByIDResponse {
  /** The grant as its table holds it. */
  projectGrant: GrantedProjectView;
}
