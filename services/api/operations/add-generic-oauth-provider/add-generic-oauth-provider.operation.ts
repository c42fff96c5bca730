import schema from '../../../../schemas/requests/add-generic-oauth-provider.schema.json' with { type: 'json' };
import { addProvider } from '../idp-changes.js';
import { GENERIC_OAUTH } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';
import type { AddGenericOAuthProviderRequest } from './add-generic-oauth-provider.request.generated.js';

/** A generic OAuth 2.0 provider of the organization, or (AdminService) of the instance. */
export const addGenericOAuthProviderOperations = providerOperations(
  'AddGenericOAuthProvider',
  'POST /generic_oauth',
  {
    access: 'write',
    schema,
    handle: (owner) => addProvider<AddGenericOAuthProviderRequest>(GENERIC_OAUTH, owner),
  },
);
