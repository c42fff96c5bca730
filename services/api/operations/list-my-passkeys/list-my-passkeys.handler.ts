import { passkeysOf } from '../my-passkeys.js';
import type { OperationContext } from '../operation.js';
import type { ListMyPasskeysResponse } from './list-my-passkeys.request.js';

/** The caller's passkeys, oldest first. */
export async function listMyPasskeys(context: OperationContext): Promise<ListMyPasskeysResponse> {
  return { passkeys: await passkeysOf(context.deps).list(context.caller.userId) };
}
