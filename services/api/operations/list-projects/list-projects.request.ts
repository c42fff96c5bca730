import type { ListDetails } from '../../queries/list-query.js';
import type { ProjectView } from '../../queries/project-queries.js';

export type { ListProjectsRequest } from './list-projects.request.generated.js';

/** A page of the organization's projects, how many match in all, how far the read model got. */
export interface ListProjectsResponse {
  details: ListDetails;
  result: ProjectView[];
}
