import { ServiceError } from '../../../../shared/errors/service-error.js';
import { UserIdpLink } from '../../../../shared/db/entities/index.js';
import { humanUserChange } from '../human-user-aggregate.js';
import type { RemoveUserIDPLinkRequest } from './remove-user-idp-link.request.generated.js';

export const idpLinkNotFound = (): ServiceError => new ServiceError('USER-IDP-LINK-NOT-FOUND');

/**
 * Removes a person's link to an identity at an identity provider (`user.idp.link.removed`): they
 * sign in through it no more. A link the person does not have is USER-IDP-LINK-NOT-FOUND.
 */
export const removeUserIDPLink = humanUserChange<RemoveUserIDPLinkRequest>(
  async ({ transaction, user, request }) => {
    const where = { configId: request.idpId, externalUserId: request.linkedUserId };
    const [link] = await transaction.find(UserIdpLink, { ...where, userId: user.id });
    if (!link) throw idpLinkNotFound();
    transaction.queue('DELETE FROM user_idp_links WHERE config_id = ? AND external_user_id = ?', [
      link.configId,
      link.externalUserId,
    ]);
    return { event: { type: 'user.idp.link.removed', payload: where } };
  },
);
