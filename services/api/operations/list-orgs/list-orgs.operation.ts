import schema from '../../../../schemas/requests/list-orgs.schema.json' with { type: 'json' };
import { listOrgs } from './list-orgs.handler.js';
import { operation } from '../operation.js';

/**
 * Every organization of the instance, read from the organizations table (no read model holds
 * it); for the instance's administrators alone.
 */
export const listOrgsOperation = operation(
  'identity.admin.v1.AdminService/ListOrgs',
  'POST /admin/v1/orgs/_search',
  { permission: 'instance.org.read', schema, handle: listOrgs },
);
