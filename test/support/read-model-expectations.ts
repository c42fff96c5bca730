import type { DataSource } from 'typeorm';
import { uniqueNameKey } from '../../shared/unique-name-key.js';
import { pollUntil } from './poll.js';
import {
  Project,
  ProjectReadModel,
  User,
  UserIdpLink,
  UserReadModel,
} from '../../shared/db/entities/index.js';

const byLink = (
  a: { configId: string; externalUserId: string },
  b: { configId: string; externalUserId: string },
) => `${a.configId}/${a.externalUserId}`.localeCompare(`${b.configId}/${b.externalUserId}`);

/** The read model row a user's write side implies, details included. */
export async function userAsWritten(
  dataSource: DataSource,
  userId: string,
): Promise<Omit<UserReadModel, never>> {
  const user = await dataSource.getRepository(User).findOneByOrFail({ id: userId });
  const links = await dataSource.getRepository(UserIdpLink).findBy({ userId });
  // What the write side keeps and a read never shows: the unique key, the secrets, the version,
  // what waits for confirmation (a TOTP secret being added, an address waiting for its link).
  const {
    passwordHash,
    otpSecretEncrypted,
    otpPendingSecretEncrypted: _pendingOtp,
    pendingEmail: _pendingEmail,
    otpLastStep,
    version,
    ...shown
  } = user;
  return {
    ...shown,
    type: 'human',
    emailLower: uniqueNameKey(user.email),
    machineName: null,
    machineDescription: null,
    hasSecret: false,
    idpLinks: links
      .map(({ configId, externalUserId, displayName }) => ({
        configId,
        externalUserId,
        displayName,
      }))
      .sort(byLink),
    hasPassword: passwordHash !== null,
    hasOtp: otpSecretEncrypted !== null,
  };
}

/** The read model row as stored, links in a stable order for comparing. */
export async function userAsRead(
  dataSource: DataSource,
  userId: string,
): Promise<UserReadModel | null> {
  const row = await dataSource.getRepository(UserReadModel).findOneBy({ id: userId });
  return row && { ...row, idpLinks: [...row.idpLinks].sort(byLink) };
}

export async function projectAsWritten(
  dataSource: DataSource,
  projectId: string,
): Promise<ProjectReadModel> {
  const project = await dataSource.getRepository(Project).findOneByOrFail({ id: projectId });
  const { nameLower, version, ...shown } = project;
  return shown;
}

export function projectAsRead(
  dataSource: DataSource,
  projectId: string,
): Promise<ProjectReadModel | null> {
  return dataSource.getRepository(ProjectReadModel).findOneBy({ id: projectId });
}

/** JSON with every object's keys in order, so that two rows compare whatever their keys' order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => a.localeCompare(b)))
      : part,
  );

/** Polls until `read` returns what `written` does, or fails with the last [read, written]. */
export async function eventually<T>(
  read: () => Promise<T>,
  written: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const [actual] = await pollUntil(
    () => Promise.all([read(), written()]),
    ([actual, expected]) => canonical(actual) === canonical(expected),
    timeoutMs,
    50,
  );
  return actual;
}

/** Polls until the user's read model is what its write side implies; answers the read model. */
export const userReadCaughtUp = (dataSource: DataSource, userId: string, timeoutMs?: number) =>
  eventually(
    () => userAsRead(dataSource, userId),
    () => userAsWritten(dataSource, userId),
    timeoutMs,
  );

/** Polls until the project's read model is what its write side implies; answers the read model. */
export const projectReadCaughtUp = (dataSource: DataSource, projectId: string) =>
  eventually(
    () => projectAsRead(dataSource, projectId),
    () => projectAsWritten(dataSource, projectId),
  );
