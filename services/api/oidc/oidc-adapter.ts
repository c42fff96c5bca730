import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { isDuplicateKey } from '../../../shared/db/db-errors.js';
import { CLIENT_CREDENTIALS_MODEL } from './machine-tokens.js';
import type { StoredIdOf } from './stored-ids.js';

/** Expired rows are deleted by the first write after this long since the last sweep. */
const SWEEP_INTERVAL_MS = 60_000;

/** Reads a row of `oidc_payloads` into what the provider stored (with `consumed` when it was). */
type RowReader = (model: string, payload: AdapterPayload) => AdapterPayload | undefined;

/** What the provider's storage asks of the rest of the service. */
export interface AdapterOptions {
  /** The id a row is stored under (stored-ids.ts): every model's but the clients'. */
  storedId: StoredIdOf;
  /** Reads a stored payload back (the clients' sealed secrets); as stored when absent. */
  read?: RowReader;
  /** Clients the table does not hold (machine users'), told apart by their ids. */
  clients?: { owns(id: string): boolean; find(id: string): Promise<AdapterPayload | undefined> };
  /** The error for a client assertion's id stored twice: a replay that raced the first use. */
  replayed?: () => Error;
}

/** The one model whose ids are names, not credentials: stored, and answered, as they are. */
const CLIENT_MODEL = 'Client';

/**
 * oidc-provider's storage over the service's database (`oidc_payloads`), on MySQL and on the
 * embedded SQLite alike: one row per model and id. An artifact's id is its credential (a session
 * cookie, a code, a token), so a row is filed under the id's keyed hash, and the id is neither in
 * the row nor in its payload: a lookup hashes the id it is given, and hands it back as `jti`. A
 * row past its expiry is never returned, and such rows are deleted now and then.
 */
export function databaseAdapter(
  dataSource: DataSource,
  options: AdapterOptions,
): new (model: string) => Adapter {
  const { read = (_model, payload) => payload, storedId } = options;
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    await dataSource.query('DELETE FROM oidc_payloads WHERE expires_at < ?', [now()]);
  };

  return class DatabaseAdapter implements Adapter {
    private readonly rowId: StoredIdOf;

    constructor(private readonly model: string) {
      this.rowId = model === CLIENT_MODEL ? (id) => id : storedId;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      // REPLACE is the one upsert MySQL and SQLite both know. A client assertion's id is only
      // ever inserted: the provider looks for it first, and of two uses racing past that look,
      // the second insert fails.
      const replay = this.model === 'ReplayDetection';
      await dataSource
        .query(
          `${replay ? 'INSERT' : 'REPLACE'} INTO oidc_payloads (model, id, payload, grant_id, uid, user_code, account_id, expires_at, consumed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
          [
            this.model,
            this.rowId(id),
            JSON.stringify(this.model === CLIENT_MODEL ? payload : withoutCredentials(payload)),
            // A client-credentials token is filed under its client, to be revoked with it.
            payload.grantId ??
              (this.model === CLIENT_CREDENTIALS_MODEL ? payload.clientId : undefined) ??
              null,
            payload.uid ?? null,
            payload.userCode ?? null,
            // A person's artifacts are filed under the person too, to end with their access.
            payload.accountId ?? null,
            expiresIn ? now() + expiresIn : null,
          ],
        )
        .catch((error: unknown) => {
          throw replay && isDuplicateKey(error) && options.replayed ? options.replayed() : error;
        });
      await sweep();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === CLIENT_MODEL) {
        if (options.clients?.owns(id)) return options.clients.find(id);
        return this.findWhere('id = ?', id);
      }
      const payload = await this.findWhere('id = ?', this.rowId(id));
      return payload && { ...payload, jti: id };
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid = ?', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code = ?', userCode);
    }

    async consume(id: string): Promise<void> {
      await dataSource.query(
        'UPDATE oidc_payloads SET consumed_at = ? WHERE model = ? AND id = ?',
        [now(), this.model, this.rowId(id)],
      );
    }

    async destroy(id: string): Promise<void> {
      await dataSource.query('DELETE FROM oidc_payloads WHERE model = ? AND id = ?', [
        this.model,
        this.rowId(id),
      ]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await dataSource.query('DELETE FROM oidc_payloads WHERE grant_id = ?', [grantId]);
    }

    private async findWhere(condition: string, value: string) {
      const rows: { payload: string; consumed_at: string | number | null }[] =
        await dataSource.query(
          `SELECT payload, consumed_at FROM oidc_payloads
            WHERE model = ? AND ${condition} AND (expires_at IS NULL OR expires_at > ?)`,
          [this.model, value, now()],
        );
      const row = rows[0];
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      if (row.consumed_at !== null) payload.consumed = Number(row.consumed_at);
      return read(this.model, payload);
    }
  };
}

/**
 * A payload as stored: without its id (`jti`, the credential itself), and an interaction's
 * without the copy of the session cookie's id the provider keeps in it (and never reads back).
 */
function withoutCredentials(payload: AdapterPayload): AdapterPayload {
  const { jti: _id, ...stored } = payload;
  if (stored.session && typeof stored.session === 'object') {
    const { cookie: _cookie, ...session } = stored.session as Record<string, unknown>;
    stored.session = session as AdapterPayload['session'];
  }
  return stored;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
