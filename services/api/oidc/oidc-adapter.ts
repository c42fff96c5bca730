import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import { isDuplicateKey } from '../../../shared/db/db-errors.js';
import { CLIENT_CREDENTIALS_MODEL } from './machine-tokens.js';

/** Expired rows are deleted by the first write after this long since the last sweep. */
const SWEEP_INTERVAL_MS = 60_000;

/** Reads a row of `oidc_payloads` into what the provider stored (with `consumed` when it was). */
type RowReader = (model: string, payload: AdapterPayload) => AdapterPayload | undefined;

/** What the provider's storage asks of the rest of the service. */
export interface AdapterHooks {
  /** Clients the table does not hold (machine users'), told apart by their ids. */
  clients?: { owns(id: string): boolean; find(id: string): Promise<AdapterPayload | undefined> };
  /** The error for a client assertion's id stored twice: a replay that raced the first use. */
  replayed?: () => Error;
}

/**
 * oidc-provider's storage over the service's database (`oidc_payloads`), on MySQL and on the
 * embedded SQLite alike: one row per model and id. A row past its expiry is never returned, and
 * such rows are deleted now and then.
 */
export function databaseAdapter(
  dataSource: DataSource,
  read: RowReader = (_model, payload) => payload,
  hooks: AdapterHooks = {},
): new (model: string) => Adapter {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    await dataSource.query('DELETE FROM oidc_payloads WHERE expires_at < ?', [now()]);
  };

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      // REPLACE is the one upsert MySQL and SQLite both know. A client assertion's id is only
      // ever inserted: the provider looks for it first, and of two uses racing past that look,
      // the second insert fails.
      const replay = this.model === 'ReplayDetection';
      await dataSource
        .query(
          `${replay ? 'INSERT' : 'REPLACE'} INTO oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at, consumed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
          [
            this.model,
            id,
            JSON.stringify(payload),
            // A client-credentials token is filed under its client, to be revoked with it.
            payload.grantId ??
              (this.model === CLIENT_CREDENTIALS_MODEL ? payload.clientId : undefined) ??
              null,
            payload.uid ?? null,
            payload.userCode ?? null,
            expiresIn ? now() + expiresIn : null,
          ],
        )
        .catch((error: unknown) => {
          throw replay && isDuplicateKey(error) && hooks.replayed ? hooks.replayed() : error;
        });
      await sweep();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client' && hooks.clients?.owns(id)) return hooks.clients.find(id);
      return this.findWhere('id = ?', id);
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
        [now(), this.model, id],
      );
    }

    async destroy(id: string): Promise<void> {
      await dataSource.query('DELETE FROM oidc_payloads WHERE model = ? AND id = ?', [
        this.model,
        id,
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

function now(): number {
  return Math.floor(Date.now() / 1000);
}
