import { passkeysOf, requireRecentSignIn } from '../my-passkeys.js';
import type { OperationContext } from '../operation.js';
import type { StartMyPasskeyRegistrationResponse } from './start-my-passkey-registration.request.js';

/** Begins adding a passkey for a caller who signed in recently. */
export async function startMyPasskeyRegistration(
  context: OperationContext,
): Promise<StartMyPasskeyRegistrationResponse> {
  requireRecentSignIn(context);
  return passkeysOf(context.deps).startRegistration(context.caller.userId);
}
