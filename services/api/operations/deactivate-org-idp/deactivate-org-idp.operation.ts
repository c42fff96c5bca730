import schema from '../../../../schemas/requests/deactivate-org-idp.schema.json' with { type: 'json' };
import { providerStateChange } from '../idp-changes.js';
import { idpNotActive, idpNotFound } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';

/**
 * A provider offered by no sign-in until it is reactivated (ZITADEL's DeactivateOrgIDP, and
 * DeactivateIDP for the instance's); takes If-Match.
 */
export const deactivateOrgIDPOperations = providerOperations(
  { org: 'DeactivateOrgIDP', instance: 'DeactivateIDP' },
  'POST /:idpId/_deactivate',
  { access: 'write', schema, handle: providerStateChange('inactive') },
  [idpNotFound(), idpNotActive()],
);
