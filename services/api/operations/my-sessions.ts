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
 * A user agent in a few words, "Firefox on Windows": the browser and the system, the first
 * that the text names of each; what it does not name is left out.
 */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}

/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
