import { endMySessions, sessionNotFound } from '../my-sessions.js';
import type { OperationContext } from '../operation.js';
import type {
  EndMyUserSessionRequest,
  EndMyUserSessionResponse,
} from './end-my-user-session.request.js';

/** Ends one of the caller's sessions; one that is not theirs (or is gone) is not found. */
export async function endMyUserSession(
  context: OperationContext,
  { id }: EndMyUserSessionRequest,
): Promise<EndMyUserSessionResponse> {
  const { details, ended } = await endMySessions(context, (uid) => uid === id);
  if (ended === 0) throw sessionNotFound();
  return { details };
}
