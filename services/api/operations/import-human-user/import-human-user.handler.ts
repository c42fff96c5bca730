import { v7 as uuidv7 } from 'uuid';
import {
  inBatchedTransaction,
  LAST_INSERT_ID,
  type BatchedTransaction,
} from '../../../../shared/db/batched-transaction.js';
import { IdpConfig, User, UserCode, UserIdpLink } from '../../../../shared/db/entities/index.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import { queueEvents } from '../../../../shared/events/record-events.js';
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

  const sequence = await inBatchedTransaction(deps.dataSource, async (transaction) => {
    await requireIdpConfigs(transaction, orgId, idps);
    // Events first: their positions give the user row its sequence without a second write.
    const aggregate = { id: user.id, orgId, version: 0 };
    const { positions, version } = queueEvents(transaction, aggregate, events, at);
    transaction.insert(User, [{ ...user, version, sequence: LAST_INSERT_ID }]);
    if (idps.length > 0) {
      const links = idps.map((idp) => ({
        ...idp,
        displayName: idp.displayName || null,
        userId: user.id,
        createdAt: at,
      }));
      transaction.insert(UserIdpLink, links);
    }
    if (passwordless && credentials.passwordlessCode) {
      transaction.insert(UserCode, [
        {
          id: passwordless.codeId,
          userId: user.id,
          kind: 'passwordless_registration',
          codeHash: credentials.passwordlessCode.hash,
          expiresAt: passwordless.expiration,
          createdAt: at,
          usedAt: null,
          sourceEventId: null,
          sentAt: null,
        },
      ]);
    }
    await commitOrFail(transaction);
    return positions.lastId;
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
async function requireIdpConfigs(
  transaction: BatchedTransaction,
  orgId: string,
  idps: Idps,
): Promise<void> {
  if (idps.length === 0) return;
  const known = await transaction.find(
    IdpConfig,
    { orgId, id: [...new Set(idps.map((idp) => idp.configId))] },
    { select: ['id'] },
  );
  const knownIds = new Set(known.map((config) => config.id));
  const unknown = idps.flatMap((idp, index) =>
    knownIds.has(idp.configId) ? [] : [`idps[${index}].configId`],
  );
  if (unknown.length > 0) throw idpConfigUnknown(unknown);
}

/** Commits, telling a taken userName or identity provider link from any other failure. */
async function commitOrFail(transaction: BatchedTransaction): Promise<void> {
  try {
    await transaction.commit();
  } catch (error) {
    if (isDuplicateKey(error, uniqueKeys.userName)) throw userNameTaken();
    if (isDuplicateKey(error, uniqueKeys.idpLink)) throw idpLinkTaken();
    throw error;
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
