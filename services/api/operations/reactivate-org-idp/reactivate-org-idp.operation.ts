import schema from '../../../../schemas/requests/reactivate-org-idp.schema.json' with { type: 'json' };
import { providerStateChange } from '../idp-changes.js';
import { idpNotFound, idpNotInactive } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';

/**
 * A deactivated provider offered again (ZITADEL's ReactivateOrgIDP, and ReactivateIDP for the
 * instance's); takes If-Match.
 */
export const reactivateOrgIDPOperations = providerOperations(
  { org: 'ReactivateOrgIDP', instance: 'ReactivateIDP' },
  'POST /:idpId/_reactivate',
  { access: 'write', schema, handle: providerStateChange('active') },
  [idpNotFound(), idpNotInactive()],
);
