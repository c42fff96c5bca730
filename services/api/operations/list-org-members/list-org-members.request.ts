import type { ListDetails } from '../../queries/list-query.js';
import type { MemberView } from '../../queries/org-queries.js';

export type { ListOrgMembersRequest } from './list-org-members.request.generated.js';

/** A page of the organization's members, how many match in all, how far the tables were read. */
export interface ListOrgMembersResponse {
  details: ListDetails;
  result: MemberView[];
}
