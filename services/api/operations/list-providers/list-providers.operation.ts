import schema from '../../../../schemas/requests/list-providers.schema.json' with { type: 'json' };
import { providerOperations } from '../idp-operations.js';
import { listProviders } from './list-providers.handler.js';

/** Providers, read from the table written (no read model holds them), never a secret. */
export const listProvidersOperations = providerOperations(
  'ListProviders',
  'POST /templates/_search',
  { access: 'read', schema, handle: listProviders },
);
