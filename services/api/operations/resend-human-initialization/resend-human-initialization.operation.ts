import schema from '../../../../schemas/requests/resend-human-initialization.schema.json' with { type: 'json' };
import { initializationNotDue } from '../human-user-aggregate.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { resendHumanInitialization } from './resend-human-initialization.handler.js';

export const resendHumanInitializationOperation = operation(
  'identity.management.v1.ManagementService/ResendHumanInitialization',
  'POST /management/v1/users/:userId/_resend_initialization',
  { permission: 'user.write', schema, handle: resendHumanInitialization },
  [userNotFound(), initializationNotDue()],
);
