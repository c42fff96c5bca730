import type { ListDetails, ListQueryInput } from '../queries/list-query.js';
import { listCredentials, type Credentials } from '../queries/machine-credential-queries.js';
import { isUserOf } from '../queries/user-account-queries.js';
import { machineUserNotFound } from './machine-user-aggregate.js';
import type { OperationContext } from './operation.js';

/** What a list of a machine user's credentials takes: the user from the path, and the page. */
export interface CredentialListRequest {
  userId: string;
  query?: ListQueryInput;
}

/**
 * A handler that lists a machine user's credentials of one kind (keys, personal access tokens),
 * a page of them: of a machine user of the target organization, else MACHINE-USER-NOT-FOUND.
 */
export function credentialList<View>(
  credentials: Credentials<View>,
): (
  context: OperationContext,
  request: CredentialListRequest,
) => Promise<{ details: ListDetails; result: View[] }> {
  return async ({ deps, orgId }, { userId, query }) => {
    if (!(await isUserOf(deps.dataSource, orgId, userId, ['machine']))) throw machineUserNotFound();
    return listCredentials(deps.dataSource, credentials, { orgId, userId }, query);
  };
}
