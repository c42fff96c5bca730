import { updateDetails } from '../details.js';
import { passkeysOf } from '../my-passkeys.js';
import type { OperationContext } from '../operation.js';
import type {
  RemoveMyPasskeyRequest,
  RemoveMyPasskeyResponse,
} from './remove-my-passkey.request.js';

/** Removes one of the caller's passkeys (`user.human.passkey.removed`): it signs in no more. */
export async function removeMyPasskey(
  { deps, caller }: OperationContext,
  request: RemoveMyPasskeyRequest,
): Promise<RemoveMyPasskeyResponse> {
  return { details: updateDetails(await passkeysOf(deps).remove(caller.userId, request.id)) };
}
