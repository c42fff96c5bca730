import type { OrgView } from '../../queries/org-queries.js';

export type { GetMyOrgRequest } from './get-my-org.request.generated.js';

export interface GetMyOrgResponse {
  /** The organization as it is stored: no sequence, so no ETag. */
  org: OrgView;
}
