import type { UserView } from '../../queries/user-queries.js';

export type { GetUserByIDRequest } from './get-user-by-id.request.generated.js';

export interface GetUserByIDResponse {
  /** The user as the read model holds it, a person or a machine user. */
  user: UserView;
}
