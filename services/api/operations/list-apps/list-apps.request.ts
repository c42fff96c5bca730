import type { ListDetails } from '../../queries/list-query.js';
import type { AppView } from '../../queries/project-app-queries.js';

export type { ListAppsRequest } from './list-apps.request.generated.js';

/** A page of the project's applications, how many match in all, the last event recorded. */
export interface ListAppsResponse {
  details: ListDetails;
  result: AppView[];
}
