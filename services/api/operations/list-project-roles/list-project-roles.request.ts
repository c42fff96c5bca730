import type { ListDetails } from '../../queries/list-query.js';
import type { RoleView } from '../../queries/project-role-queries.js';

export type { ListProjectRolesRequest } from './list-project-roles.request.generated.js';

/** A page of the project's roles, how many match in all, the last event recorded. */
export interface ListProjectRolesResponse {
  details: ListDetails;
  result: RoleView[];
}
