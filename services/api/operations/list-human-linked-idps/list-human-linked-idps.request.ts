import type { ListDetails } from '../../queries/list-query.js';
import type { IdpLinkView } from '../../queries/user-account-queries.js';

export type { ListHumanLinkedIDPsRequest } from './list-human-linked-idps.request.generated.js';

export interface ListHumanLinkedIDPsResponse {
  details: ListDetails;
  result: IdpLinkView[];
}
