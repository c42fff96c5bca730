import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { isDuplicateKey, uniqueKeys } from '../../../shared/db/db-errors.js';
import { UserIdpLink, type User } from '../../../shared/db/entities/index.js';
import type { AggregateChange } from './aggregate-change.js';
import { idpLinkTaken } from './import-human-user/import-human-user.errors.js';

/** A person's identity at an identity provider: the provider and its subject. */
export interface IdpLink {
  configId: string;
  externalUserId: string;
  displayName: string | null;
}

/**
 * The change that links the locked `user` to `link` (`user.idp.link.added`, the row queued);
 * an identity linked to anyone already is USER-IDP-LINK-ALREADY-EXISTS. Which providers a user
 * may be linked to is the caller's to check.
 */
export async function linkChange(
  transaction: BatchedTransaction,
  user: Pick<User, 'id'>,
  link: IdpLink,
): Promise<AggregateChange<User, object>> {
  const [taken] = await transaction.find(UserIdpLink, {
    configId: link.configId,
    externalUserId: link.externalUserId,
  });
  if (taken) throw idpLinkTaken();
  transaction.insert(UserIdpLink, [{ ...link, userId: user.id, createdAt: new Date() }]);
  return { event: { type: 'user.idp.link.added', payload: link } };
}

/** A link's change whose commit met the link made meanwhile: USER-IDP-LINK-ALREADY-EXISTS. */
export function takenOnCommit<T>(change: Promise<T>): Promise<T> {
  return change.catch((error: unknown) => {
    throw isDuplicateKey(error, uniqueKeys.idpLink) ? idpLinkTaken() : error;
  });
}
