import { authFactorsOf } from '../../queries/user-account-queries.js';
import type { OperationContext } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import type {
  ListHumanAuthFactorsRequest,
  ListHumanAuthFactorsResponse,
} from './list-human-auth-factors.request.js';

/** The ways a person signs in; a person of another organization (or a machine user) is not found. */
export async function listHumanAuthFactors(
  { deps, orgId }: OperationContext,
  { userId }: ListHumanAuthFactorsRequest,
): Promise<ListHumanAuthFactorsResponse> {
  const result = await authFactorsOf(deps.dataSource, orgId, userId);
  if (!result) throw userNotFound();
  return { result };
}
