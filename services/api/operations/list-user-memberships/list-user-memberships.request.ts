import type { ListDetails } from '../../queries/list-query.js';
import type { MembershipView } from '../../queries/user-account-queries.js';

export type { ListUserMembershipsRequest } from './list-user-memberships.request.generated.js';

export interface ListUserMembershipsResponse {
  details: ListDetails;
  result: MembershipView[];
}
