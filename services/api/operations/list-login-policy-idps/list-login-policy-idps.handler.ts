import { listPolicyIdps } from '../../queries/login-policy-queries.js';
import type { LoginPolicyScope } from '../login-policies.js';
import type { OperationContext } from '../operation.js';
import type {
  ListLoginPolicyIDPsRequest,
  ListLoginPolicyIDPsResponse,
} from './list-login-policy-idps.request.js';

/**
 * A handler listing the providers offered, a page of them: by the login policy the target
 * organization follows (its own, else the instance default's), or by the instance default.
 */
export const listLoginPolicyIDPs =
  (scope: LoginPolicyScope) =>
  (
    { deps, orgId }: OperationContext,
    { query }: ListLoginPolicyIDPsRequest,
  ): Promise<ListLoginPolicyIDPsResponse> =>
    listPolicyIdps(deps.dataSource, scope === 'organization' ? orgId : undefined, query);
