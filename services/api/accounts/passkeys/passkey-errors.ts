import { invalidArgument, ServiceError } from '../../../../shared/errors/service-error.js';
import { malformedText } from '../../validation/well-formed-text.js';

/** The most passkeys one user may have. */
export const MAX_PASSKEYS = 20;
/** A passkey's name: at most this many characters (code points). */
export const MAX_NAME_LENGTH = 100;

export const linkInvalid = (): ServiceError => new ServiceError('REGISTRATION-LINK-INVALID');

export const ceremonyExpired = (): ServiceError => new ServiceError('PASSKEY-CEREMONY-EXPIRED');

/** `cause`, the verifier's reason, is logged; the caller learns only that it failed. */
export const verificationFailed = (cause?: unknown): ServiceError =>
  new ServiceError('PASSKEY-VERIFICATION-FAILED', undefined, [], { cause });

export const notRecognized = (): ServiceError => new ServiceError('PASSKEY-NOT-RECOGNIZED');

export const signCountRegressed = (): ServiceError =>
  new ServiceError('PASSKEY-SIGN-COUNT-REGRESSED');

export const passkeyNotFound = (): ServiceError => new ServiceError('PASSKEY-NOT-FOUND');

export const limitReached = (): ServiceError =>
  new ServiceError('PASSKEY-LIMIT-REACHED', `at most ${MAX_PASSKEYS} passkeys per user`);

export const reauthenticationRequired = (): ServiceError =>
  new ServiceError('REAUTHENTICATION-REQUIRED');

/**
 * The name to store: the one given, trimmed, or `fallback` when none was given. A name that is
 * empty after trimming, longer than MAX_NAME_LENGTH characters or not well-formed text is refused
 * (REQUEST-INVALID on `field`).
 */
export function passkeyName(given: unknown, fallback: string, field = 'name'): string {
  if (given === undefined || given === null) return fallback;
  if (typeof given !== 'string')
    throw invalidArgument([{ field, description: 'must be a string' }]);
  const name = given.trim();
  if (malformedText(name).length > 0)
    throw invalidArgument([{ field, description: 'must be well-formed Unicode text' }]);
  if (name.length === 0) throw invalidArgument([{ field, description: 'must not be empty' }]);
  if ([...name].length > MAX_NAME_LENGTH)
    throw invalidArgument([
      { field, description: `must be at most ${MAX_NAME_LENGTH} characters` },
    ]);
  return name;
}
