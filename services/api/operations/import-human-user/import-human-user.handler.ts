import { newId } from '../../../../shared/ids.js';
import type { Config } from '../../../../shared/config/config.js';
import { createOneTimeCode } from '../../../../shared/credentials/one-time-code.js';
import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { User } from '../../../../shared/db/entities/index.js';
import { isDuplicateKey } from '../../../../shared/db/db-errors.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { StatusCode } from '../../../../shared/errors/status-code.js';
import { decodeOtpSecret, encryptSecret } from '../../credentials/otp-secret.js';
import type { OperationContext } from '../operation.js';
import { normalizeProfile } from '../profile.js';
import { phoneColumns, storedPassword } from '../human-user-aggregate.js';
import { uniqueNameKey } from '../../../../shared/unique-name-key.js';
import { idpLinkRepeated } from './import-human-user.errors.js';
import {
  commitOrFail,
  importAnswer,
  queueImport,
  requireIdpConfigs,
  type Idps,
  type ImportPlan,
  type NewUser,
  type PasswordlessPlan,
} from './import-human-user.writes.js';
import { importEvents } from './import-human-user.events.js';
import type {
  ImportHumanUserRequest,
  ImportHumanUserResponse,
} from './import-human-user.request.js';

/** What is stored of the secrets a request brings: hashes and ciphertext only. */
type Credentials = Pick<User, 'passwordHash' | 'otpSecretEncrypted'> & {
  /** The password came hashed from another system rather than in clear. */
  passwordImported: boolean;
};

/**
 * Creates a human user in the target organization with its credentials, identity provider links
 * and events, in one transaction. Secrets are hashed or encrypted before the transaction opens:
 * argon2id takes tens of milliseconds on the thread pool, and no connection should wait on it.
 * An externalId imported before answers that user, before anything is hashed.
 */
export async function importHumanUser(
  { deps, orgId }: Pick<OperationContext, 'deps' | 'orgId'>,
  request: ImportHumanUserRequest,
): Promise<ImportHumanUserResponse> {
  rejectRepeatedIdpLinks(request.idps ?? []);
  const { externalId } = request;
  const before = externalId === undefined ? null : await importedBefore(deps, orgId, externalId);
  if (before) return before;
  const plan = await planImport(deps.config, orgId, request);
  const sequence = await inBatchedTransaction(deps.dataSource, async (transaction) => {
    await requireIdpConfigs(transaction, orgId, plan.idps);
    const positions = queueImport(transaction, plan);
    await commitOrFail(transaction);
    return positions.lastId;
  }).catch(
    async (error: unknown) =>
      (await racedTo(deps, orgId, externalId, error)) ?? Promise.reject(error),
  );
  if (typeof sequence !== 'string') return sequence;
  return importAnswer(deps.config, plan, sequence);
}

/**
 * The import of `request` made ready: its user row, links, passwordless code and events, the
 * password hashed (in a hashing slot) and the OTP secret encrypted. `sendInitializationEmail`
 * false asks the worker for no initialization email (`user.human.added` says so).
 */
export async function planImport(
  config: Config,
  orgId: string,
  request: ImportHumanUserRequest,
  { sendInitializationEmail = true }: { sendInitializationEmail?: boolean } = {},
): Promise<ImportPlan> {
  const idps = request.idps ?? [];
  rejectRepeatedIdpLinks(idps);
  const credentials = await prepareCredentials(config, request);
  const user = newUser(orgId, request, credentials, new Date());
  const passwordless = request.requestPasswordlessRegistration
    ? planPasswordless(config, user.creationDate)
    : undefined;
  const events = importEvents({
    user,
    hasPassword: user.passwordHash !== null,
    passwordImported: credentials.passwordImported,
    hasOtp: user.otpSecretEncrypted !== null,
    idps,
    passwordless,
    sendInitializationEmail,
  });
  return { user, idps, passwordless, events };
}

/**
 * The user another import with the same externalId made while this one ran, when `error` is the
 * key it took (the database names whichever of its keys it met first: the externalId, the user
 * name or a link); none otherwise.
 */
export async function racedTo(
  deps: Pick<OperationContext['deps'], 'dataSource'>,
  orgId: string,
  externalId: string | null | undefined,
  error: unknown,
): Promise<ImportHumanUserResponse | null> {
  const taken =
    isDuplicateKey(error) ||
    (error instanceof ServiceError && error.code === StatusCode.ALREADY_EXISTS);
  return externalId && taken ? importedBefore(deps, orgId, externalId) : null;
}

/** The user an earlier import made with this externalId, as the import answers it; none if none. */
export async function importedBefore(
  deps: Pick<OperationContext['deps'], 'dataSource'>,
  orgId: string,
  externalId: string,
): Promise<ImportHumanUserResponse | null> {
  const user = await deps.dataSource.getRepository(User).findOne({
    where: { orgId, externalId },
    select: { id: true, sequence: true, creationDate: true, changeDate: true },
  });
  if (!user) return null;
  const { id, sequence, creationDate, changeDate } = user;
  const details = { sequence, creationDate, changeDate, resourceOwner: orgId };
  return { userId: id, details, alreadyExisted: true };
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

/** The OTP secret is checked before any password is hashed, so a refused import costs no hash. */
async function prepareCredentials(
  config: Config,
  request: ImportHumanUserRequest,
): Promise<Credentials> {
  const otpSecretEncrypted = encryptedOtpSecret(config, request.otpCode);
  return { ...(await storedPassword(config, request)), otpSecretEncrypted };
}

function encryptedOtpSecret(config: Config, otpCode: string | undefined): Buffer | null {
  const otpSecret = otpCode === undefined ? undefined : decodeOtpSecret(otpCode);
  if (!otpSecret) return null;
  if (!config.secretsEncryptionKey) throw new Error('SECRETS_ENCRYPTION_KEY is not configured');
  return encryptSecret(config.secretsEncryptionKey, otpSecret);
}

function newUser(
  orgId: string,
  request: ImportHumanUserRequest,
  credentials: Credentials,
  at: Date,
): NewUser {
  const userName = request.userName.trim();
  return {
    id: newId(),
    orgId,
    userName,
    userNameLower: uniqueNameKey(userName),
    externalId: request.externalId ?? null,
    state: 'active',
    ...normalizeProfile(request.profile),
    email: request.email.email,
    emailVerified: request.email.isEmailVerified ?? false,
    pendingEmail: null,
    ...phoneColumns(request.phone),
    passwordHash: credentials.passwordHash,
    passwordChangeRequired: request.passwordChangeRequired ?? false,
    otpSecretEncrypted: credentials.otpSecretEncrypted,
    otpLastStep: null,
    otpPendingSecretEncrypted: null,
    creationDate: at,
    changeDate: at,
  };
}

function planPasswordless(config: Config, at: Date): PasswordlessPlan {
  return {
    codeId: newId(),
    code: createOneTimeCode(),
    expiration: new Date(at.getTime() + config.passwordlessCodeLifetimeSeconds * 1000),
  };
}
