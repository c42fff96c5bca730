import type { ListDetails } from '../../queries/list-query.js';
import type { TokenView } from '../../queries/machine-credential-queries.js';

export type { ListPersonalAccessTokensRequest } from './list-personal-access-tokens.request.generated.js';

/** A page of the machine user's personal access tokens, how many it has, how far the table was read. */
export interface ListPersonalAccessTokensResponse {
  details: ListDetails;
  result: TokenView[];
}
