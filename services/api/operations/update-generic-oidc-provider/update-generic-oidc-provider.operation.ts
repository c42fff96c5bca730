import schema from '../../../../schemas/requests/update-generic-oidc-provider.schema.json' with { type: 'json' };
import { updateProvider } from '../idp-changes.js';
import { GENERIC_OIDC, idpNotFound, idpTypeMismatch } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';
import type { UpdateGenericOIDCProviderRequest } from './update-generic-oidc-provider.request.generated.js';

/** An OpenID Connect provider (or one identityctl made) set whole; takes If-Match. */
export const updateGenericOIDCProviderOperations = providerOperations(
  'UpdateGenericOIDCProvider',
  'PUT /generic_oidc/:id',
  {
    access: 'write',
    schema,
    handle: (owner) => updateProvider<UpdateGenericOIDCProviderRequest>(GENERIC_OIDC, owner),
  },
  [idpNotFound(), idpTypeMismatch()],
);
