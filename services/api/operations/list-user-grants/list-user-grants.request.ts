import type { ListDetails } from '../../queries/list-query.js';
import type { UserGrantView } from '../../queries/user-grant-queries.js';

export type { ListUserGrantRequest } from './list-user-grants.request.generated.js';

/** A page of the user grants, how many match in all, how far the read model got. */
export interface ListUserGrantResponse {
  details: ListDetails;
  result: UserGrantView[];
}
