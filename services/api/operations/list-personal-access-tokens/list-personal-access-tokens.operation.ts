import schema from '../../../../schemas/requests/list-personal-access-tokens.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { listPersonalAccessTokens } from './list-personal-access-tokens.handler.js';
import { operation } from '../operation.js';

/**
 * A machine user's personal access tokens, read from the table written (no read model holds them): what each
 * is and when it expires, never its secret part.
 */
export const listPersonalAccessTokensOperation = operation(
  'identity.management.v1.ManagementService/ListPersonalAccessTokens',
  'POST /management/v1/users/:userId/pats/_search',
  { permission: 'user.read', schema, handle: listPersonalAccessTokens },
  [machineUserNotFound()],
);
