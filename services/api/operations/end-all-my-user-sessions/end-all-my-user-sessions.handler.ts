import { endMySessions } from '../my-sessions.js';
import type { OperationContext } from '../operation.js';
import type {
  EndAllMyUserSessionsRequest,
  EndAllMyUserSessionsResponse,
} from './end-all-my-user-sessions.request.js';

/** Ends every session of the caller but the one the call's token comes from. */
export function endAllMyUserSessions(
  context: OperationContext,
  _request: EndAllMyUserSessionsRequest,
): Promise<EndAllMyUserSessionsResponse> {
  const current = context.caller.sessionId;
  return endMySessions(context, (uid) => uid !== current);
}
