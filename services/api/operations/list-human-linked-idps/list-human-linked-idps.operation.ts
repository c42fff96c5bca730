import schema from '../../../../schemas/requests/list-human-linked-idps.schema.json' with { type: 'json' };
import { userNotFound } from '../user-grants.js';
import { listHumanLinkedIDPs } from './list-human-linked-idps.handler.js';
import { operation } from '../operation.js';

/** A person’s links to identity providers, read from the tables written (no read model holds it). */
export const listHumanLinkedIDPsOperation = operation(
  'identity.management.v1.ManagementService/ListHumanLinkedIDPs',
  'POST /management/v1/users/:userId/idps/_search',
  { permission: 'user.read', schema, handle: listHumanLinkedIDPs },
  [userNotFound()],
);
