import { In, type DataSource } from 'typeorm';
import { IdpConfig, User, UserIdpLink } from '../../../../shared/db/entities/index.js';
import type { ServiceError } from '../../../../shared/errors/service-error.js';
import {
  idpConfigUnknown,
  idpLinkTaken,
  userNameTaken,
} from '../import-human-user/import-human-user.errors.js';
import type { ImportHumanUserRequest } from '../import-human-user/import-human-user.request.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import { linkableIn, unknownIdpFields } from '../idp-links.js';

/** What a batch's users conflict with, by their place in the batch. */
export interface Conflicts {
  /** Refused as a single import would be: a user name or link taken, an unknown provider. */
  refused: Map<number, ServiceError>;
  /** The users an earlier import made with these externalIds. */
  found: Map<number, { userId: string; alreadyExisted: true }>;
  /** A user with the externalId of an earlier one of the batch: answered as that one's user. */
  sameAs: Map<number, number>;
}

const linkKey = (configId: string, externalUserId: string) =>
  JSON.stringify([configId, externalUserId]);

/**
 * The conflicts of a batch's checked users, taken before or earlier in the batch, each kind read
 * in one round trip: externalIds imported before, user names taken (across the instance, without
 * regard to case), identity providers neither of the organization nor of the instance, and links
 * taken.
 */
export async function batchConflicts(
  dataSource: DataSource,
  orgId: string,
  users: ReadonlyMap<number, ImportHumanUserRequest>,
): Promise<Conflicts> {
  const conflicts: Conflicts = { refused: new Map(), found: new Map(), sameAs: new Map() };
  const byExternalId = new Map<string, number>();
  for (const [index, { externalId }] of users) {
    if (externalId === undefined) continue;
    const first = byExternalId.get(externalId);
    if (first === undefined) byExternalId.set(externalId, index);
    else conflicts.sameAs.set(index, first);
  }
  const findMade = async (indexes: number[]) => {
    const externalIds = indexes.flatMap((index) => users.get(index)!.externalId ?? []);
    if (externalIds.length === 0) return;
    const made = await dataSource.getRepository(User).find({
      where: { orgId, externalId: In(externalIds) },
      select: { id: true, externalId: true },
    });
    for (const { id, externalId } of made) {
      const index = byExternalId.get(externalId!)!;
      conflicts.refused.delete(index);
      conflicts.found.set(index, { userId: id, alreadyExisted: true });
    }
  };
  await findMade([...byExternalId.values()]);
  const live = [...users].filter(
    ([index]) => !conflicts.found.has(index) && !conflicts.sameAs.has(index),
  );
  await userNameConflicts(dataSource, live, conflicts.refused);
  await idpConflicts(dataSource, orgId, live, conflicts.refused);
  // A user refused for a name or link another import took since the first read may be that
  // import's own user (a retried batch racing its first try): then it answers that user.
  await findMade([...conflicts.refused.keys()]);
  return conflicts;
}

async function userNameConflicts(
  dataSource: DataSource,
  live: [number, ImportHumanUserRequest][],
  refused: Map<number, ServiceError>,
): Promise<void> {
  const byName = new Map<string, number>();
  for (const [index, user] of live) {
    const key = uniqueNameKey(user.userName.trim());
    if (byName.has(key)) refused.set(index, userNameTaken());
    else byName.set(key, index);
  }
  if (byName.size === 0) return;
  const taken = await dataSource.getRepository(User).find({
    where: { userNameLower: In([...byName.keys()]) },
    select: { userNameLower: true },
  });
  for (const { userNameLower } of taken) refused.set(byName.get(userNameLower)!, userNameTaken());
}

async function idpConflicts(
  dataSource: DataSource,
  orgId: string,
  live: [number, ImportHumanUserRequest][],
  refused: Map<number, ServiceError>,
): Promise<void> {
  const linking = live.filter(([index, user]) => !refused.has(index) && user.idps?.length);
  if (linking.length === 0) return;
  const configIds = [...new Set(linking.flatMap(([, user]) => user.idps!.map((i) => i.configId)))];
  const configs = await dataSource.getRepository(IdpConfig).find({
    where: { id: In(configIds) },
    select: { id: true, orgId: true, ownerType: true },
  });
  const known = new Set(configs.filter(linkableIn(orgId)).map((config) => config.id));
  const links = new Map<string, number>();
  for (const [index, user] of linking) {
    const unknown = unknownIdpFields(user.idps!, known);
    if (unknown.length > 0) {
      refused.set(index, idpConfigUnknown(unknown));
      continue;
    }
    for (const { configId, externalUserId } of user.idps!) {
      const first = links.get(linkKey(configId, externalUserId));
      if (first === undefined) links.set(linkKey(configId, externalUserId), index);
      else if (first !== index) refused.set(index, idpLinkTaken());
    }
  }
  const externalUserIds = [
    ...new Set(linking.flatMap(([, u]) => u.idps!.map((i) => i.externalUserId))),
  ];
  const taken = await dataSource.getRepository(UserIdpLink).find({
    where: { configId: In(configIds), externalUserId: In(externalUserIds) },
    select: { configId: true, externalUserId: true },
  });
  for (const { configId, externalUserId } of taken) {
    const index = links.get(linkKey(configId, externalUserId));
    if (index !== undefined) refused.set(index, idpLinkTaken());
  }
}
