import { Passkeys } from '../accounts/passkeys/passkeys.js';
import { reauthenticationRequired } from '../accounts/passkeys/passkey-errors.js';
import type { Dependencies, OperationContext } from './operation.js';

const byDependencies = new WeakMap<Dependencies, Passkeys>();

/** The passkeys' domain over the handlers' dependencies, one for the process. */
export function passkeysOf(deps: Dependencies): Passkeys {
  let passkeys = byDependencies.get(deps);
  if (!passkeys) byDependencies.set(deps, (passkeys = new Passkeys(deps.config, deps.dataSource)));
  return passkeys;
}

/**
 * Adding a passkey needs a sign-in at most PASSKEY_REAUTH_SECONDS old (the token's `auth_time`):
 * otherwise REAUTHENTICATION-REQUIRED, and the caller signs the person in again (`max_age=0`).
 */
export function requireRecentSignIn({ deps, caller }: OperationContext): void {
  const now = Math.floor(Date.now() / 1000);
  if (caller.authTime === undefined || now - caller.authTime > deps.config.passkeys.reauthSeconds)
    throw reauthenticationRequired();
}
