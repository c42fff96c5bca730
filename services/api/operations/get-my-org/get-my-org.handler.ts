import { findOrg } from '../../queries/org-queries.js';
import type { OperationContext } from '../operation.js';
import { permissionDenied } from '../../../../shared/errors/service-error.js';
import type { GetMyOrgResponse } from './get-my-org.request.js';

/**
 * The target organization as it is stored. The pipeline found it before the call came here; one
 * gone since is answered as an unknown organization is (PERMISSION_DENIED), as the pipeline would.
 */
export async function getMyOrg({ deps, orgId }: OperationContext): Promise<GetMyOrgResponse> {
  const org = await findOrg(deps.dataSource, orgId);
  if (!org) throw permissionDenied();
  return { org };
}
