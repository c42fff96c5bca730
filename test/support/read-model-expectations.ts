import type { DataSource } from 'typeorm';
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
  return {
    id: user.id,
    orgId: user.orgId,
    userName: user.userName,
    state: user.state,
    firstName: user.firstName,
    lastName: user.lastName,
    nickName: user.nickName,
    displayName: user.displayName,
    preferredLanguage: user.preferredLanguage,
    gender: user.gender,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    idpLinks: links
      .map(({ configId, externalUserId, displayName }) => ({
        configId,
        externalUserId,
        displayName,
      }))
      .sort(byLink),
    hasPassword: user.passwordHash !== null,
    passwordChangeRequired: user.passwordChangeRequired,
    hasOtp: user.otpSecretEncrypted !== null,
    sequence: user.sequence,
    creationDate: user.creationDate,
    changeDate: user.changeDate,
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
  const {
    id,
    orgId,
    name,
    projectRoleAssertion,
    projectRoleCheck,
    hasProjectCheck,
    privateLabelingSetting,
    sequence,
    creationDate,
    changeDate,
  } = await dataSource.getRepository(Project).findOneByOrFail({ id: projectId });
  return {
    id,
    orgId,
    name,
    projectRoleAssertion,
    projectRoleCheck,
    hasProjectCheck,
    privateLabelingSetting,
    sequence,
    creationDate,
    changeDate,
  };
}

export function projectAsRead(
  dataSource: DataSource,
  projectId: string,
): Promise<ProjectReadModel | null> {
  return dataSource.getRepository(ProjectReadModel).findOneBy({ id: projectId });
}

/** Polls until `read` returns what `written` does, or fails with the last [read, written]. */
export async function eventually<T>(
  read: () => Promise<T>,
  written: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const [actual] = await pollUntil(
    () => Promise.all([read(), written()]),
    ([actual, expected]) => JSON.stringify(actual) === JSON.stringify(expected),
    timeoutMs,
    50,
  );
  return actual;
}
