import schema from '../../../../schemas/requests/delete-provider.schema.json' with { type: 'json' };
import { deleteProvider } from '../idp-changes.js';
import { idpNotFound } from '../idp-configs.js';
import { providerOperations } from '../idp-operations.js';

/** A provider removed with its users' links and its place in the login policies; takes If-Match. */
export const deleteProviderOperations = providerOperations(
  'DeleteProvider',
  'DELETE /templates/:id',
  { access: 'write', schema, handle: deleteProvider },
  [idpNotFound()],
);
