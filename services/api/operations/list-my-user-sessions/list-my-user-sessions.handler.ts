import { sessionsOf } from '../../oidc/account-sessions.js';
import { deviceOf } from '../my-sessions.js';
import type { OperationContext } from '../operation.js';
import type {
  ListMyUserSessionsRequest,
  ListMyUserSessionsResponse,
} from './list-my-user-sessions.request.js';

/** The caller's sessions, the last signed in first; `current` is the one the token names. */
export async function listMyUserSessions(
  { deps, caller }: OperationContext,
  _request: ListMyUserSessionsRequest,
): Promise<ListMyUserSessionsResponse> {
  const sessions = await sessionsOf(deps.dataSource, caller.userId);
  return {
    result: sessions.map((session) => ({
      ...session,
      device: deviceOf(session.userAgent),
      current: session.id === caller.sessionId,
    })),
  };
}
