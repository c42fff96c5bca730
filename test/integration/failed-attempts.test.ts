import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import {
  createFailedAttempts,
  type FailedAttempts,
} from '../../services/api/sign-in/failed-attempts.js';
import { loadConfig, type Config } from '../../shared/config/config.js';
import { createDataSource, migrate } from '../../shared/db/data-source.js';
import { createEmbeddedDataSource } from '../../shared/db/embedded-database.js';
import { createTestDatabase } from '../support/database.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCK_SECONDS = 2;

/** Where the counts are kept, and two data sources onto it: two API instances. */
interface Store {
  name: string;
  redisUrl?: string;
  open(): Promise<[DataSource, DataSource]>;
  close(): Promise<void>;
}

function mariadb(): Store {
  let drop: () => Promise<void> = async () => {};
  const sources: DataSource[] = [];
  return {
    name: 'MariaDB',
    async open() {
      const database = await createTestDatabase();
      drop = database.drop;
      for (let n = 0; n < 2; n++) {
        const source = createDataSource({ url: database.url, poolSize: 4 });
        await source.initialize();
        sources.push(source);
      }
      await migrate(sources[0]!);
      return [sources[0]!, sources[1]!];
    },
    async close() {
      for (const source of sources) await source.destroy();
      await drop();
    },
  };
}

/** One process holds the embedded file, so its two instances share the one data source. */
function embedded(): Store {
  let dir = '';
  let source: DataSource | undefined;
  return {
    name: 'embedded SQLite',
    async open() {
      dir = await mkdtemp(join(tmpdir(), 'failed-attempts-'));
      source = createEmbeddedDataSource(join(dir, 'identity.sqlite'));
      await source.initialize();
      await migrate(source);
      return [source, source];
    },
    async close() {
      await source?.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function redis(): Store {
  const database = embedded();
  return { ...database, name: 'Redis', redisUrl: REDIS_URL };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const store of [mariadb(), embedded(), redis()]) {
  describe(`failed sign-in attempts, in ${store.name}`, function () {
    this.timeout(60_000);
    let sources: [DataSource, DataSource];
    const opened: FailedAttempts[] = [];

    /** Two instances over the same store, as two API replicas have. */
    function replicas(signIn: Partial<Config['signIn']> = {}): [FailedAttempts, FailedAttempts] {
      const config: Config = {
        ...loadConfig({}),
        redisUrl: store.redisUrl,
        // A run's own keys: what earlier runs counted does not count here.
        redisKeyPrefix: `identity-test-${randomUUID()}:`,
        signIn: { maxFailures: 3, lockSeconds: LOCK_SECONDS, addressMaxFailures: 4, ...signIn },
      };
      const pair: [FailedAttempts, FailedAttempts] = [
        createFailedAttempts(config, sources[0]),
        createFailedAttempts(config, sources[1]),
      ];
      opened.push(...pair);
      return pair;
    }

    before(async () => {
      sources = await store.open();
    });

    after(async () => {
      for (const attempts of opened) await attempts.close();
      await store.close();
    });

    it('lock a user at the third failure, counted across replicas, until the lock ends', async () => {
      const [one, other] = replicas();
      const user = randomUUID();
      const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
      expect(await one.fail(user, address)).to.deep.equal({ locked: null });
      expect(await other.fail(user, address)).to.deep.equal({ locked: null });
      expect(await other.lockedUntil(user)).to.equal(null);
      const before = Date.now();
      const { locked } = await one.fail(user, address);
      expect(locked).to.be.instanceOf(Date);
      expect(locked!.getTime()).to.be.within(before + 1000 * LOCK_SECONDS - 50, Date.now() + 2000);
      expect((await other.lockedUntil(user))?.getTime()).to.equal(locked!.getTime());
      expect(await one.lockedUntil(randomUUID())).to.equal(null);

      await sleep(locked!.getTime() - Date.now() + 100);
      expect(await other.lockedUntil(user)).to.equal(null);
      expect(await one.fail(user, address)).to.deep.equal({ locked: null });
    });

    it('start counting afresh after a successful sign-in', async () => {
      const [one, other] = replicas({ lockSeconds: 60 });
      const user = randomUUID();
      await one.fail(user, '198.51.100.1');
      await other.fail(user, '198.51.100.1');
      await other.succeed(user);
      expect(await one.fail(user, '198.51.100.1')).to.deep.equal({ locked: null });
      expect(await other.fail(user, '198.51.100.1')).to.deep.equal({ locked: null });
      expect((await one.fail(user, '198.51.100.1')).locked).to.be.instanceOf(Date);
    });

    it('block an address past its limit, whichever user names it tried', async () => {
      const [one, other] = replicas({ lockSeconds: 60 });
      const address = `2001:db8::${randomUUID().slice(0, 4)}`;
      for (let n = 0; n < 4; n++)
        await (n % 2 ? one : other).fail(n % 3 ? null : randomUUID(), address);
      expect(await one.addressBlocked(address)).to.equal(false);
      await other.fail(null, address);
      expect(await one.addressBlocked(address)).to.equal(true);
      expect(await other.addressBlocked(`${address}1`)).to.equal(false);
    });

    it('lock exactly once when replicas count failures at the same time', async () => {
      const [one, other] = replicas({ maxFailures: 10, lockSeconds: 60, addressMaxFailures: 100 });
      const user = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, n) => (n % 2 ? one : other).fail(user, '203.0.113.9')),
      );
      expect(results.filter((result) => result.locked !== null)).to.have.length(1);
      expect(await one.lockedUntil(user)).to.be.instanceOf(Date);
    });
  });
}
