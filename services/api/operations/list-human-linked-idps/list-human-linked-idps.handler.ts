import { isUserOf, listIdpLinks } from '../../queries/user-account-queries.js';
import type { OperationContext } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import type {
  ListHumanLinkedIDPsRequest,
  ListHumanLinkedIDPsResponse,
} from './list-human-linked-idps.request.js';

/** A person's identity provider links, a page of them; a person of another organization is not found. */
export async function listHumanLinkedIDPs(
  { deps, orgId }: OperationContext,
  { userId, query }: ListHumanLinkedIDPsRequest,
): Promise<ListHumanLinkedIDPsResponse> {
  if (!(await isUserOf(deps.dataSource, orgId, userId, ['human']))) throw userNotFound();
  return listIdpLinks(deps.dataSource, userId, query);
}
