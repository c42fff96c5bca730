import schema from '../../../../schemas/requests/add-generic-oidc-provider.schema.json' with { type: 'json' };
import { addProvider } from '../idp-changes.js';
import { GENERIC_OIDC } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';
import type { AddGenericOIDCProviderRequest } from './add-generic-oidc-provider.request.generated.js';

/** A generic OpenID Connect provider of the organization, or (AdminService) of the instance. */
export const addGenericOIDCProviderOperations = providerOperations(
  'AddGenericOIDCProvider',
  'POST /generic_oidc',
  {
    access: 'write',
    schema,
    handle: (owner) => addProvider<AddGenericOIDCProviderRequest>(GENERIC_OIDC, owner),
  },
);
