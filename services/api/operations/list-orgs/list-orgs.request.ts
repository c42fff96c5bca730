import type { ListDetails } from '../../queries/list-query.js';
import type { OrgFieldName, OrgView } from '../../queries/org-queries.js';

export type { ListOrgsRequest } from './list-orgs.request.generated.js';

/** A page of the instance's organizations, how many match in all, how far the table was read. */
export interface ListOrgsResponse {
  details: ListDetails;
  sortingColumn: OrgFieldName;
  result: OrgView[];
}
