import type { Config } from '../../../shared/config/config.js';
import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { User } from '../../../shared/db/entities/index.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { hashPassword, inHashingSlot } from '../credentials/password-hash.js';
import { e164PhoneNumber } from '../validation/formats.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { aggregateChange, type AggregateChange, type ChangeContext } from './aggregate-change.js';
import type { DetailsResponse } from './details.js';
import type { Dependencies } from './operation.js';
import { firstOr } from './project-aggregate.js';
import { userNotFound } from './user-grants.js';

/**
 * The person of the target organization, locked until the transaction ends (so that the user's
 * events stay in version order); one of another organization, or a machine user, is not found.
 */
export const lockedHuman = (transaction: BatchedTransaction, id: string, orgId: string) =>
  firstOr(transaction.find(User, { id, orgId }, { lock: true }), userNotFound);

/** What a change of a person works with: its transaction, the user locked, the request. */
export interface HumanUserWork<Request> {
  transaction: BatchedTransaction;
  user: User;
  request: Request;
  deps: Dependencies;
}

/**
 * A handler that changes a person of the target organization (the request's `userId`) in one
 * transaction, as aggregateChange does: `change` answers the user's events (none when nothing
 * changed) and new columns.
 */
export function humanUserChange<Request extends { userId: string }, Answer extends object = object>(
  change: (
    work: HumanUserWork<Request>,
  ) => AggregateChange<User, Answer> | Promise<AggregateChange<User, Answer>>,
): (context: ChangeContext, request: Request) => Promise<Answer & DetailsResponse> {
  return aggregateChange(
    User,
    lockedHuman,
    (request: Request) => request.userId,
    ({ row, ...work }) => change({ ...work, user: row }),
  );
}

/**
 * The events that make a person's address `email`, verified or not: `user.human.email.changed`
 * when the address changes or a verified one becomes unverified, `user.human.email.verified`
 * when it becomes verified. None when it is that address in that state already.
 */
export function addressEvents(
  user: Pick<User, 'email' | 'emailVerified'>,
  email: string,
  verified: boolean,
): DomainEvent[] {
  const events: DomainEvent[] = [];
  if (email !== user.email || (user.emailVerified && !verified))
    events.push({ type: 'user.human.email.changed', payload: { email } });
  if (verified && (email !== user.email || !user.emailVerified))
    events.push({ type: 'user.human.email.verified', payload: { email } });
  return events;
}

/** A phone number as a request gives it, stored in E.164; none as none. */
export function phoneColumns(
  phone: { phone: string; isPhoneVerified?: boolean } | undefined,
): Pick<User, 'phone' | 'phoneVerified'> {
  if (!phone) return { phone: null, phoneVerified: false };
  return {
    phone: e164PhoneNumber(phone.phone) ?? null,
    phoneVerified: phone.isPhoneVerified ?? false,
  };
}

/** A password as a request gives it: in clear (hashed here, in a hashing slot), or hashed. */
export interface PasswordInput {
  password?: string;
  hashedPassword?: { value: string };
}

/**
 * What is stored of a request's password: an argon2id hash of one in clear (its schema checked
 * the policy), or the hash from another system as it is (`imported`); none for neither.
 */
export async function storedPassword(
  config: Config,
  { password, hashedPassword }: PasswordInput,
): Promise<{ passwordHash: string | null; passwordImported: boolean }> {
  if (password) {
    const passwordHash = await inHashingSlot(config.passwordHashConcurrency, () =>
      hashPassword(password),
    );
    return { passwordHash, passwordImported: false };
  }
  return { passwordHash: hashedPassword?.value ?? null, passwordImported: !!hashedPassword };
}

export const phoneNotFound = (): ServiceError => new ServiceError('USER-PHONE-NOT-FOUND');
export const otpNotFound = (): ServiceError => new ServiceError('USER-OTP-NOT-FOUND');
export const initializationNotDue = (): ServiceError =>
  new ServiceError('USER-INITIALIZATION-NOT-DUE');
