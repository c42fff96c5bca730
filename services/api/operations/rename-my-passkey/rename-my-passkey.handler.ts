import { updateDetails } from '../details.js';
import { passkeysOf } from '../my-passkeys.js';
import type { OperationContext } from '../operation.js';
import type {
  RenameMyPasskeyRequest,
  RenameMyPasskeyResponse,
} from './rename-my-passkey.request.js';

/** Renames one of the caller's passkeys (`user.human.passkey.renamed`). */
export async function renameMyPasskey(
  { deps, caller }: OperationContext,
  request: RenameMyPasskeyRequest,
): Promise<RenameMyPasskeyResponse> {
  const user = await passkeysOf(deps).rename(caller.userId, request.id, request.name);
  return { details: updateDetails(user) };
}
