import type { AppView } from '../../queries/project-app-queries.js';

export type { GetAppByIDRequest } from './get-app-by-id.request.generated.js';

export interface GetAppByIDResponse {
  /** The application as its tables hold it, never its secret. */
  app: AppView;
}
