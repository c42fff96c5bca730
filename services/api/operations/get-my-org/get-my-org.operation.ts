import schema from '../../../../schemas/requests/get-my-org.schema.json' with { type: 'json' };
import { getMyOrg } from './get-my-org.handler.js';
import { operation } from '../operation.js';

/**
 * The target organization, read from the organizations table (no read model holds it). It keeps
 * no sequence, so the answer carries no ETag.
 */
export const getMyOrgOperation = operation(
  'identity.management.v1.ManagementService/GetMyOrg',
  'GET /management/v1/orgs/me',
  { permission: 'org.read', schema, handle: getMyOrg },
);
