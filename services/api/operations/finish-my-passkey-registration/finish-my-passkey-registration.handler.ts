import { passkeysOf, requireRecentSignIn } from '../my-passkeys.js';
import type { OperationContext } from '../operation.js';
import type {
  FinishMyPasskeyRegistrationRequest,
  FinishMyPasskeyRegistrationResponse,
} from './finish-my-passkey-registration.request.js';

/** Verifies the browser's answer to the caller's ceremony and stores the passkey. */
export async function finishMyPasskeyRegistration(
  context: OperationContext,
  request: FinishMyPasskeyRegistrationRequest,
): Promise<FinishMyPasskeyRegistrationResponse> {
  requireRecentSignIn(context);
  const passkey = await passkeysOf(context.deps).finishRegistration(
    context.caller.userId,
    request.ceremonyId,
    request.credential,
    request.name,
  );
  return { passkey };
}
