import type { ProjectView } from '../../queries/project-queries.js';

export type { GetProjectByIDRequest } from './get-project-by-id.request.generated.js';

export interface GetProjectByIDResponse {
  /** The project as the read model holds it. */
  project: ProjectView;
}
