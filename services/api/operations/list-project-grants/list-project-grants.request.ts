import type { ListDetails } from '../../queries/list-query.js';
import type { GrantedProjectView } from '../../queries/project-grant-queries.js';

export type { ListProjectGrantsRequest } from './list-project-grants.request.generated.js';

/** A page of the project's grants, how many match in all, the last event recorded. */
export interface ListProjectGrantsResponse {
  details: ListDetails;
  result: GrantedProjectView[];
}
