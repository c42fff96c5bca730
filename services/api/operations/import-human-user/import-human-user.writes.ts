import type { Config } from '../../../../shared/config/config.js';
import type { OneTimeCode } from '../../../../shared/credentials/one-time-code.js';
import {
  LAST_INSERT_ID,
  type BatchedTransaction,
  type Insertion,
} from '../../../../shared/db/batched-transaction.js';
import { User, UserCode, UserIdpLink } from '../../../../shared/db/entities/index.js';
import { isDuplicateKey, uniqueKeys } from '../../../../shared/db/db-errors.js';
import type { DomainEvent } from '../../../../shared/events/event-types.js';
import { queueEvents } from '../../../../shared/events/record-events.js';
import { linkableProviders, unknownIdpFields } from '../idp-links.js';
import { idpConfigUnknown, idpLinkTaken, userNameTaken } from './import-human-user.errors.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from './import-human-user.request.js';

/** An import's plan and its writes: what ImportHumanUser and ImportHumanUsers both queue. */

export type Idps = NonNullable<ImportHumanUserRequest['idps']>;

/** The user row as the import writes it; its events give it its version and sequence. */
export type NewUser = Omit<User, 'version' | 'sequence'>;

/** The passwordless registration code an import was asked for, and when it expires. */
export interface PasswordlessPlan {
  codeId: string;
  code: OneTimeCode;
  expiration: Date;
}

/** What one import writes, made ready outside any transaction (its secrets hashed). */
export interface ImportPlan {
  user: NewUser;
  idps: Idps;
  passwordless?: PasswordlessPlan;
  events: DomainEvent[];
}

/**
 * The import's writes, queued in `transaction` (sent with its COMMIT); its events' positions.
 * Events come first: their positions give the user row its sequence without a second write.
 */
export function queueImport(transaction: BatchedTransaction, plan: ImportPlan): Insertion {
  const { user, idps, passwordless, events } = plan;
  const at = user.creationDate;
  const aggregate = { id: user.id, orgId: user.orgId, version: 0 };
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
  if (passwordless) {
    transaction.insert(UserCode, [
      {
        id: passwordless.codeId,
        userId: user.id,
        kind: 'passwordless_registration',
        codeHash: passwordless.code.hash,
        expiresAt: passwordless.expiration,
        createdAt: at,
        usedAt: null,
        sourceEventId: null,
        sentAt: null,
      },
    ]);
  }
  return positions;
}

/**
 * Every configId must name an identity provider of this organization or of the instance
 * (IDP-CONFIG-NOT-FOUND naming the others), held until the transaction ends (linkableProviders).
 */
export async function requireIdpConfigs(
  transaction: BatchedTransaction,
  orgId: string,
  idps: Idps,
): Promise<void> {
  if (idps.length === 0) return;
  const known = await linkableProviders(
    transaction,
    orgId,
    idps.map((idp) => idp.configId),
  );
  const unknown = unknownIdpFields(idps, known);
  if (unknown.length > 0) throw idpConfigUnknown(unknown);
}

/** Commits, telling a taken userName or identity provider link from any other failure. */
export async function commitOrFail(transaction: BatchedTransaction): Promise<void> {
  try {
    await transaction.commit();
  } catch (error) {
    if (isDuplicateKey(error, uniqueKeys.userName)) throw userNameTaken();
    if (isDuplicateKey(error, uniqueKeys.idpLink)) throw idpLinkTaken();
    throw error;
  }
}

/** What an import answers once its writes committed, its last event at `sequence`. */
export function importAnswer(
  config: Config,
  { user, passwordless }: ImportPlan,
  sequence: string,
): ImportHumanUserResponse {
  const at = user.creationDate;
  return {
    userId: user.id,
    details: { sequence, creationDate: at, changeDate: at, resourceOwner: user.orgId },
    ...(passwordless && {
      passwordlessRegistration: {
        link: passwordlessLink(config.publicUrl, user, passwordless),
        lifetime: `${config.passwordlessCodeLifetimeSeconds}s`,
        expiration: passwordless.expiration,
      },
    }),
  };
}

function passwordlessLink(publicUrl: string, user: NewUser, plan: PasswordlessPlan): string {
  const query = new URLSearchParams({
    userID: user.id,
    orgID: user.orgId,
    codeID: plan.codeId,
    code: plan.code.code,
  });
  return `${publicUrl}/ui/login/passwordless/init?${query}`;
}
