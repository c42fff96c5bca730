import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { isDuplicateKey, uniqueKeys } from '../../../shared/db/db-errors.js';
import { IdpConfig, UserIdpLink, type User } from '../../../shared/db/entities/index.js';
import type { AggregateChange } from './aggregate-change.js';
import { idpLinkTaken } from './import-human-user/import-human-user.errors.js';

/** A person's identity at an identity provider: the provider and its subject. */
export interface IdpLink {
  configId: string;
  externalUserId: string;
  displayName: string | null;
}

/**
 * Whether a person of organization `orgId` may be linked to `config`: a provider of the
 * organization, or of the instance (offered to every organization).
 */
export const linkableIn =
  (orgId: string) =>
  (config: Pick<IdpConfig, 'orgId' | 'ownerType'>): boolean =>
    config.ownerType === 'instance' || config.orgId === orgId;

/**
 * The providers among `configIds` that people of `orgId` may be linked to, each held (a shared
 * lock) until the transaction ends: a DeleteProvider under way is waited for (its provider is
 * then gone), and one coming later waits for the links to be committed, and removes them.
 */
export async function linkableProviders(
  transaction: BatchedTransaction,
  orgId: string,
  configIds: string[],
): Promise<Set<string>> {
  if (configIds.length === 0) return new Set();
  const configs = await transaction.find(
    IdpConfig,
    { id: [...new Set(configIds)] },
    { select: ['id', 'orgId', 'ownerType'], lock: 'share' },
  );
  return new Set(configs.filter(linkableIn(orgId)).map((config) => config.id));
}

/** The fields of `idps` (`idps[i].configId`) whose provider is not among `known`. */
export const unknownIdpFields = (idps: { configId: string }[], known: Set<string>): string[] =>
  idps.flatMap((idp, index) => (known.has(idp.configId) ? [] : [`idps[${index}].configId`]));

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
