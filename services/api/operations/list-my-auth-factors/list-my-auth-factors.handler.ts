import { authFactorsOf } from '../../queries/user-account-queries.js';
import type { OperationContext } from '../operation.js';
import type {
  ListMyAuthFactorsRequest,
  ListMyAuthFactorsResponse,
} from './list-my-auth-factors.request.js';

/** The ways the caller signs in; a machine user has none. */
export async function listMyAuthFactors(
  { deps, caller }: OperationContext,
  _request: ListMyAuthFactorsRequest,
): Promise<ListMyAuthFactorsResponse> {
  return { result: (await authFactorsOf(deps.dataSource, caller.orgId, caller.userId)) ?? [] };
}
