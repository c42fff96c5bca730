import { findUser } from '../../queries/user-queries.js';
import type { OperationContext } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import type { GetUserByIDRequest, GetUserByIDResponse } from './get-user-by-id.request.js';

/** A user of the target organization, from the read model; one of another is not found. */
export async function getUserByID(
  { deps, orgId }: OperationContext,
  request: GetUserByIDRequest,
): Promise<GetUserByIDResponse> {
  const user = await findUser(deps.dataSource, orgId, request.id);
  if (!user) throw userNotFound();
  return { user };
}
