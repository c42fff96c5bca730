import type { KoaContextWithOIDC } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { timeOf } from '../../../shared/db/data-source.js';
import { OidcPayload } from '../../../shared/db/entities/index.js';
import type { StoredIdOf } from './stored-ids.js';

/**
 * A person's sessions at the provider, as the account page shows and ends them. The provider
 * keeps a session (its payload in `oidc_payloads`, filed under the person) by a cookie; its
 * `uid` names it without being a credential. What the provider does not keep, the browser and
 * address a sign-in came from, is recorded when a sign-in finishes, in `signed_in_sessions`
 * keyed by that uid: one row per session, the last sign-in's.
 */

/** What a session's browser cannot make longer: the user agent as stored, and the address. */
const MAX_USER_AGENT = 1000;
const MAX_ADDRESS = 64;

/**
 * The provider's middleware that records the browser of a sign-in: after the authorization
 * resumed with a login (the sign-in pages finished the interaction), the session's uid with the
 * request's user agent and client address (as express read it, behind TRUST_PROXY_HOPS) and the
 * sign-in's time. Awaited before the answer leaves, so a page the sign-in leads to lists it. The
 * person's rows of sessions that are gone (signed out, expired) are dropped with it.
 */
export function recordingSignedInSessions(dataSource: DataSource) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    const login = ctx.oidc?.route === 'resume' ? ctx.oidc.result?.login : undefined;
    const session = ctx.oidc?.session;
    const used = usedSession(ctx);
    if (used)
      await dataSource.query(
        'UPDATE signed_in_sessions SET last_used_at = ? WHERE session_uid = ?',
        [storedTime(new Date()), used],
      );
    if (!login || !session?.uid || session.accountId !== login.accountId) return;
    const address = (ctx.req as { ip?: string }).ip ?? ctx.ip;
    await dataSource.query(
      `DELETE FROM signed_in_sessions WHERE user_id = ? AND session_uid NOT IN
         (SELECT uid FROM oidc_payloads WHERE model = 'Session' AND account_id = ?)`,
      [login.accountId, login.accountId],
    );
    await dataSource.query(
      `REPLACE INTO signed_in_sessions
         (session_uid, user_id, user_agent, address, signed_in_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        session.uid,
        login.accountId,
        (ctx.get('user-agent') || '').slice(0, MAX_USER_AGENT),
        (address ?? '').slice(0, MAX_ADDRESS),
        storedTime(new Date((login.ts ?? Math.floor(Date.now() / 1000)) * 1000)),
        storedTime(new Date()),
      ],
    );
  };
}

/**
 * The session a request used without a new sign-in, when it succeeded: an authorization answered
 * from the session (the browser's cookie), or a refresh of one of its tokens.
 */
function usedSession(ctx: KoaContextWithOIDC): string | undefined {
  const route = ctx.oidc?.route;
  if (route === 'token' && ctx.status === 200) return ctx.oidc.entities.RefreshToken?.sessionUid;
  if (route === 'authorization' && ctx.status < 400 && ctx.oidc.session?.accountId)
    return ctx.oidc.session.uid;
  return undefined;
}

/** A session of the person, as ListMyUserSessions answers it (before `device` is made). */
export interface AccountSession {
  id: string;
  userAgent: string;
  address: string;
  signedInAt: Date;
  /** The last sign-in, authorization or refresh in this session; absent when not recorded. */
  lastUsedAt?: Date;
}

interface SessionRow {
  uid: string;
  payload: string;
  user_agent: string | null;
  address: string | null;
  signed_in_at: Date | string | null;
  last_used_at: Date | string | null;
}

/** The person's live sessions, the last signed in first. */
export async function sessionsOf(
  dataSource: DataSource,
  userId: string,
): Promise<AccountSession[]> {
  const rows: SessionRow[] = await dataSource.query(
    `SELECT p.uid, p.payload, s.user_agent, s.address, s.signed_in_at, s.last_used_at
       FROM oidc_payloads p LEFT JOIN signed_in_sessions s ON s.session_uid = p.uid
      WHERE p.model = 'Session' AND p.account_id = ? AND p.uid IS NOT NULL
        AND (p.expires_at IS NULL OR p.expires_at > ?)`,
    [userId, Math.floor(Date.now() / 1000)],
  );
  return rows
    .map((row) => {
      const { loginTs } = JSON.parse(row.payload) as { loginTs?: number };
      const recorded = timeOf(row.signed_in_at);
      return {
        id: row.uid,
        userAgent: row.user_agent ?? '',
        address: row.address ?? '',
        signedInAt: recorded ?? new Date((loginTs ?? 0) * 1000),
        ...(row.last_used_at !== null && { lastUsedAt: timeOf(row.last_used_at)! }),
      };
    })
    .sort((a, b) => b.signedInAt.getTime() - a.signedInAt.getTime());
}

/** A time as both databases take a DATETIME(3) parameter: UTC, `YYYY-MM-DD hh:mm:ss.sss`. */
function storedTime(time: Date): string {
  return time.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * Ends, with the transaction's COMMIT, the person's sessions `uids` (those that are the person's;
 * answered): the session (its browser signs in again), the grants of its sign-ins with their
 * authorization codes and refresh tokens (a refresh answers `invalid_grant`), and its record.
 * The API's JWT access tokens are not stored: they run out within their lifetime (10 minutes).
 */
export async function queueSessionsEnded(
  transaction: BatchedTransaction,
  storedId: StoredIdOf,
  userId: string,
  uids: (uid: string) => boolean,
): Promise<string[]> {
  const sessions = await transaction.find(
    OidcPayload,
    { model: 'Session', accountId: userId },
    { select: ['id', 'uid', 'payload'], lock: true },
  );
  const ended: string[] = [];
  for (const session of sessions) {
    if (session.uid === null || !uids(session.uid)) continue;
    const { authorizations = {} } = JSON.parse(session.payload) as {
      authorizations?: Record<string, { grantId?: string }>;
    };
    for (const { grantId } of Object.values(authorizations)) {
      if (!grantId) continue;
      transaction.queue('DELETE FROM oidc_payloads WHERE grant_id = ?', [grantId]);
      transaction.queue("DELETE FROM oidc_payloads WHERE model = 'Grant' AND id = ?", [
        storedId(grantId),
      ]);
    }
    transaction.queue("DELETE FROM oidc_payloads WHERE model = 'Session' AND id = ?", [session.id]);
    transaction.queue('DELETE FROM signed_in_sessions WHERE session_uid = ?', [session.uid]);
    if (!ended.includes(session.uid)) ended.push(session.uid);
  }
  return ended;
}
