import { invalidArgument } from '../../../../shared/errors/service-error.js';
import { IdpConfig } from '../../../../shared/db/entities/index.js';
import { humanUserChange } from '../human-user-aggregate.js';
import { honoringIfMatch } from '../if-match.js';
import { linkableIn, linkChange, takenOnCommit } from '../idp-links.js';
import type { OperationContext } from '../operation.js';
import type { AddUserIDPLinkRequest } from './add-user-idp-link.request.generated.js';

const addLink = humanUserChange<AddUserIDPLinkRequest>(async ({ transaction, user, request }) => {
  const link = {
    configId: request.idpId,
    externalUserId: request.providedUserId,
    displayName: request.providedUserName || null,
  };
  // Locked, so that a DeleteProvider under way is waited for: its provider is then gone.
  const [config] = await transaction.find(
    IdpConfig,
    { id: link.configId },
    { select: ['id', 'orgId', 'ownerType'], lock: true },
  );
  if (!config || !linkableIn(user.orgId)(config))
    throw invalidArgument([
      {
        field: 'idpId',
        description: 'is not an identity provider of the organization or of the instance',
      },
    ]);
  return linkChange(transaction, user, link);
});

/**
 * Links a person to their identity at an identity provider of the organization or of the
 * instance (`user.idp.link.added`), as ImportHumanUser's `idps` does; a provider of another
 * organization is REQUEST-INVALID on `idpId`, an identity linked to anyone already
 * USER-IDP-LINK-ALREADY-EXISTS.
 */
export const addUserIDPLink = honoringIfMatch(
  (context: OperationContext, request: AddUserIDPLinkRequest) =>
    takenOnCommit(addLink(context, request)),
);
