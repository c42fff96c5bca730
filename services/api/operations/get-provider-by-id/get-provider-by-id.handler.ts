import type { IdpOwnerType } from '../../../../shared/db/entities/idp.entity.js';
import { findProvider, type ProviderView } from '../../queries/idp-queries.js';
import { idpNotFound, reachOf } from '../idp-configs.js';
import type { OperationContext } from '../operation.js';
import type { GetProviderByIDRequest } from './get-provider-by-id.request.generated.js';

export interface GetProviderByIDResponse {
  /** Its details' sequence is the provider's ETag. */
  idp: ProviderView;
}

/**
 * A handler that answers the provider the request names, as it is stored: for an organization
 * (`org`) its own or the instance's, for the instance its own; any other is IDP-NOT-FOUND.
 */
export const getProviderByID =
  (owner: IdpOwnerType) =>
  async (
    { deps, orgId }: OperationContext,
    request: GetProviderByIDRequest,
  ): Promise<GetProviderByIDResponse> => {
    const idp = await findProvider(deps.dataSource, reachOf(owner, orgId), request.id);
    if (!idp) throw idpNotFound();
    return { idp };
  };
