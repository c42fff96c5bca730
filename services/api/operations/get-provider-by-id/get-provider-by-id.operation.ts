import schema from '../../../../schemas/requests/get-provider-by-id.schema.json' with { type: 'json' };
import { idpNotFound } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';
import { getProviderByID } from './get-provider-by-id.handler.js';

/**
 * A provider, read from the table written (no read model holds providers), never its secret;
 * its ETag is its sequence.
 */
export const getProviderByIDOperations = providerOperations(
  'GetProviderByID',
  'GET /templates/:id',
  { access: 'read', schema, handle: getProviderByID },
  [idpNotFound()],
);
