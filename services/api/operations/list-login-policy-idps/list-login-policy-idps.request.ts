import type { ListDetails } from '../../queries/list-query.js';
import type { PolicyIdpView } from '../../queries/login-policy-queries.js';

export type { ListLoginPolicyIDPsRequest } from './list-login-policy-idps.request.generated.js';

/** A page of the providers a login policy offers, how many in all, how far the tables were read. */
export interface ListLoginPolicyIDPsResponse {
  details: ListDetails;
  result: PolicyIdpView[];
}
