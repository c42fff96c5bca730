import mysql, { type Connection, type RowDataPacket } from 'mysql2/promise';

/** Which shards of the outbox this relay may publish now. */
export interface Leases {
  refresh(): Promise<number[]>;
  close(): Promise<void>;
}

/** Every shard, for the embedded database: one process has it open, so one relay publishes. */
export class AllShards implements Leases {
  constructor(private readonly shards: number) {}

  refresh(): Promise<number[]> {
    return Promise.resolve(Array.from({ length: this.shards }, (_, shard) => shard));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Which shards of the outbox this relay may publish. Each shard is a MySQL named lock (GET_LOCK)
 * held on a connection of its own: while one relay holds it no other can, so the events of one
 * aggregate (always in the same shard) go out from one relay, in order. A relay that dies loses
 * its connection and with it its locks, and another relay takes the shards over.
 */
export class ShardLeases implements Leases {
  private connection?: Connection;
  private held = new Set<number>();

  constructor(
    private readonly databaseUrl: string,
    private readonly shards: number,
  ) {}

  /** Tries to take the shards nobody holds and confirms the ones we hold; returns what we hold. */
  async refresh(): Promise<number[]> {
    try {
      const connection = await this.connect();
      for (let shard = 0; shard < this.shards; shard++) {
        const [rows] = await connection.query<RowDataPacket[]>(
          this.held.has(shard)
            ? 'SELECT IS_USED_LOCK(?) = CONNECTION_ID() AS ok'
            : 'SELECT GET_LOCK(?, 0) AS ok',
          [this.lockName(shard)],
        );
        if (Number(rows[0]?.ok) === 1) this.held.add(shard);
        else this.held.delete(shard);
      }
    } catch {
      // The connection is gone, and with it every lock: another relay may already hold them.
      this.held.clear();
      await this.close();
    }
    return [...this.held].sort((a, b) => a - b);
  }

  /** Gives every shard back, so a standby relay takes them at once rather than at its next refresh. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.held.clear();
    await connection?.end().catch(() => connection.destroy());
  }

  private async connect(): Promise<Connection> {
    if (!this.connection) {
      this.connection = await mysql.createConnection({
        uri: this.databaseUrl,
        connectTimeout: 5000,
      });
      this.connection.on('error', () => this.held.clear());
    }
    return this.connection;
  }

  private lockName(shard: number): string {
    // Named locks are server-wide: the database name keeps two instances on one server apart.
    const database = new URL(this.databaseUrl).pathname.slice(1);
    return `${database}.outbox.${shard}/${this.shards}`;
  }
}
