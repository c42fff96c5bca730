import type { IdpOwnerType } from '../../../../shared/db/entities/idp.entity.js';
import {
  listProviders as listProvidersQuery,
  type ProviderView,
} from '../../queries/idp-queries.js';
import type { ListDetails } from '../../queries/list-query.js';
import { reachOf } from '../idp-configs.js';
import type { OperationContext } from '../operation.js';
import type { ListProvidersRequest } from './list-providers.request.generated.js';

export interface ListProvidersResponse {
  details: ListDetails;
  result: ProviderView[];
}

/**
 * A handler that answers a page of the providers an organization's sign-in may offer (`org`: its
 * own and the instance's, as ZITADEL lists them) or of the instance's, that meet every query.
 */
export const listProviders =
  (owner: IdpOwnerType) =>
  (
    { deps, orgId }: OperationContext,
    request: ListProvidersRequest,
  ): Promise<ListProvidersResponse> =>
    listProvidersQuery(deps.dataSource, reachOf(owner, orgId), request);
