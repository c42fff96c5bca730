import Bowser from 'bowser';
import { inBatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { User } from '../../../shared/db/entities/index.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import { ServiceError, unauthenticated } from '../../../shared/errors/service-error.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { queueSessionsEnded } from '../oidc/account-sessions.js';
import { storedIdOf } from '../oidc/stored-ids.js';
import { updateDetails, type Details } from './details.js';
import type { OperationContext } from './operation.js';

export const sessionNotFound = (): ServiceError => new ServiceError('SESSION-NOT-FOUND');

/**
 * Ends the caller's sessions that `which` picks, under the caller's row lock, with a
 * `user.human.session.ended` for each: answered with the caller's details and how many ended.
 */
export function endMySessions(
  { deps, caller }: OperationContext,
  which: (uid: string) => boolean,
): Promise<{ details: Details; ended: number }> {
  const storedId = storedIdOf(secretKeyOf(deps.config));
  return inBatchedTransaction(deps.dataSource, async (transaction) => {
    const [user] = await transaction.find(
      User,
      { id: caller.userId },
      { lock: true, select: ['id', 'orgId', 'version', 'sequence', 'changeDate'] },
    );
    if (!user) throw unauthenticated();
    const ended = await queueSessionsEnded(transaction, storedId, user.id, which);
    if (ended.length === 0) return { details: updateDetails(user), ended: 0 };
    const events = ended.map((sessionId) => ({
      type: 'user.human.session.ended' as const,
      payload: { sessionId },
    }));
    const changed = await commitChange(transaction, User, user, events, {});
    return { details: updateDetails({ ...user, ...changed }), ended: ended.length };
  });
}

/**
 * A user agent in a few words, "Firefox on Windows": the browser and the system bowser reads in
 * it; what it does not name is left out.
 */
export function deviceOf(userAgent: string): string {
  // bowser refuses an empty user agent; a browser that sends none names nothing.
  if (userAgent.trim() === '') return '';
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || '';
}
