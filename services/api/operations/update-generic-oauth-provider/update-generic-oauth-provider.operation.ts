import schema from '../../../../schemas/requests/update-generic-oauth-provider.schema.json' with { type: 'json' };
import { updateProvider } from '../idp-changes.js';
import { GENERIC_OAUTH, idpNotFound, idpTypeMismatch } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';
import type { UpdateGenericOAuthProviderRequest } from './update-generic-oauth-provider.request.generated.js';

/** An OAuth 2.0 provider (or one identityctl made) set whole; takes If-Match. */
export const updateGenericOAuthProviderOperations = providerOperations(
  'UpdateGenericOAuthProvider',
  'PUT /generic_oauth/:id',
  {
    access: 'write',
    schema,
    handle: (owner) => updateProvider<UpdateGenericOAuthProviderRequest>(GENERIC_OAUTH, owner),
  },
  [idpNotFound(), idpTypeMismatch()],
);
