import { In, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { inTransaction } from '../../../../shared/db/data-source.js';
import { IdpConfig, User, UserCode, UserIdpLink } from '../../../../shared/db/entities/index.js';
import { isDuplicateKey, uniqueKeys, type UniqueKey } from '../../../../shared/db/db-errors.js';
import { recordEvents } from '../../../../shared/events/record-events.js';
import type { OperationContext } from '../operation.js';
import { normalizeProfile } from '../profile.js';
import { uniqueNameKey } from '../unique-name-key.js';
import { e164PhoneNumber } from '../../validation/formats.js';
import { prepareCredentials } from './human-credentials.js';
import {
  idpConfigUnknown,
  idpLinkRepeated,
  idpLinkTaken,
  userNameTaken,
} from './import-human-user.errors.js';
import { importEvents } from './import-human-user.events.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from './import-human-user.request.js';

type Idps = NonNullable<ImportHumanUserRequest['idps']>;

/**
 * Creates a human user in the target organization with its credentials, identity provider links
 * and events, in one transaction. Secrets are hashed or encrypted before the transaction opens.
 */
export async function importHumanUser(
  { deps, orgId }: Pick<OperationContext, 'deps' | 'orgId'>,
  request: ImportHumanUserRequest,
): Promise<ImportHumanUserResponse> {
  const idps = request.idps ?? [];
  rejectRepeatedIdpLinks(idps);
  const credentials = await prepareCredentials(deps.config, request);
  const at = new Date();
  const profile = normalizeProfile(request.profile);
  const user: Omit<User, 'version' | 'sequence'> = {
    id: uuidv7(),
    orgId,
    userName: request.userName.trim(),
    userNameLower: uniqueNameKey(request.userName.trim()),
    state: 'active',
    ...profile,
    email: request.email.email,
    emailVerified: request.email.isEmailVerified ?? false,
    phone: request.phone ? (e164PhoneNumber(request.phone.phone) ?? null) : null,
    phoneVerified: request.phone?.isPhoneVerified ?? false,
    passwordHash: credentials.passwordHash,
    passwordChangeRequired: request.passwordChangeRequired ?? false,
    otpSecretEncrypted: credentials.otpSecretEncrypted,
    creationDate: at,
    changeDate: at,
  };
  const passwordless = credentials.passwordlessCode && {
    codeId: uuidv7(),
    expiration: new Date(at.getTime() + deps.config.passwordlessCodeLifetimeSeconds * 1000),
  };
  const events = importEvents({
    user,
    hasPassword: credentials.passwordHash !== null,
    passwordImported: credentials.passwordImported,
    hasOtp: credentials.otpSecretEncrypted !== null,
    idps,
    passwordless: passwordless ?? undefined,
  });

  const sequence = await inTransaction(deps.dataSource, async (manager) => {
    await requireIdpConfigs(manager, orgId, idps);
    // Events first: their positions give the user row its sequence without a second write.
    const recorded = await recordEvents(manager, { id: user.id, orgId, version: 0 }, events, at);
    await insertOrFail(
      manager.insert(User, { ...user, ...recorded }),
      uniqueKeys.userName,
      userNameTaken,
    );
    if (idps.length > 0) {
      const links = idps.map((idp) => ({
        ...idp,
        displayName: idp.displayName || null,
        userId: user.id,
        createdAt: at,
      }));
      await insertOrFail(manager.insert(UserIdpLink, links), uniqueKeys.idpLink, idpLinkTaken);
    }
    if (passwordless && credentials.passwordlessCode) {
      await manager.insert(UserCode, {
        id: passwordless.codeId,
        userId: user.id,
        kind: 'passwordless_registration',
        codeHash: credentials.passwordlessCode.hash,
        expiresAt: passwordless.expiration,
        createdAt: at,
        usedAt: null,
        sourceEventId: null,
        sentAt: null,
      });
    }
    return recorded.sequence;
  });

  return {
    userId: user.id,
    details: { sequence, creationDate: at, changeDate: at, resourceOwner: orgId },
    ...(passwordless &&
      credentials.passwordlessCode && {
        passwordlessRegistration: {
          link: passwordlessLink(
            deps.config.publicUrl,
            user.id,
            orgId,
            passwordless.codeId,
            credentials.passwordlessCode.code,
          ),
          lifetime: `${deps.config.passwordlessCodeLifetimeSeconds}s`,
          expiration: passwordless.expiration,
        },
      }),
  };
}

function rejectRepeatedIdpLinks(idps: Idps): void {
  const seen = new Map<string, number>();
  idps.forEach((idp, index) => {
    const key = JSON.stringify([idp.configId, idp.externalUserId]);
    const first = seen.get(key);
    if (first !== undefined) throw idpLinkRepeated(`idps[${index}]`, `idps[${first}]`);
    seen.set(key, index);
  });
}

/** Every configId must name an identity provider of this organization, not of another. */
async function requireIdpConfigs(manager: EntityManager, orgId: string, idps: Idps): Promise<void> {
  if (idps.length === 0) return;
  const known = await manager.find(IdpConfig, {
    select: { id: true },
    where: { orgId, id: In([...new Set(idps.map((idp) => idp.configId))]) },
  });
  const knownIds = new Set(known.map((config) => config.id));
  const unknown = idps.flatMap((idp, index) =>
    knownIds.has(idp.configId) ? [] : [`idps[${index}].configId`],
  );
  if (unknown.length > 0) throw idpConfigUnknown(unknown);
}

async function insertOrFail(
  insert: Promise<unknown>,
  key: UniqueKey,
  taken: () => Error,
): Promise<void> {
  try {
    await insert;
  } catch (error) {
    throw isDuplicateKey(error, key) ? taken() : error;
  }
}

function passwordlessLink(
  publicUrl: string,
  userId: string,
  orgId: string,
  codeId: string,
  code: string,
): string {
  const query = new URLSearchParams({ userID: userId, orgID: orgId, codeID: codeId, code });
  return `${publicUrl}/ui/login/passwordless/init?${query}`;
}
