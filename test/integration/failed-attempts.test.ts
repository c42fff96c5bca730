import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import {
  createFailedAttempts,
  type FailedAttempts,
} from '../../services/api/accounts/failed-attempts.js';
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

    /** An attempt the store let through: its secret may be checked. */
    async function allowed(attempts: FailedAttempts, name: string, address: string) {
      const reservation = await attempts.reserve(name, address);
      expect(reservation.refused, `an attempt for ${name}`).to.equal(undefined);
      return reservation.attempt!;
    }

    const someName = () => `user-${randomUUID()}`;
    /** An address no other test uses: the database's counts outlive a test. */
    const someAddress = () => `2001:db8:${randomUUID().slice(0, 18)}`;

    it('lock a name as its third attempt is counted, across replicas, until the lock ends', async () => {
      const [one, other] = replicas();
      const name = someName();
      const address = someAddress();
      expect(await (await allowed(one, name, address)).failed()).to.deep.equal({ locked: null });
      expect(await (await allowed(other, name, address)).failed()).to.deep.equal({ locked: null });
      const before = Date.now();
      const last = await allowed(one, name, address);
      // While the last allowed attempt is checked, no other is.
      const meanwhile = await other.reserve(name, address);
      expect(meanwhile.refused).to.equal('locked');
      const { locked } = await last.failed();
      expect(locked).to.be.instanceOf(Date);
      expect(locked!.getTime()).to.be.within(before + 1000 * LOCK_SECONDS - 50, Date.now() + 2000);
      expect(meanwhile).to.deep.equal({ refused: 'locked', until: locked });
      expect(await other.reserve(name, address)).to.deep.equal({
        refused: 'locked',
        until: locked,
      });
      expect((await one.reserve(someName(), address)).refused).to.equal(undefined);

      await sleep(locked!.getTime() - Date.now() + 100);
      expect(await (await allowed(other, name, address)).failed()).to.deep.equal({ locked: null });
    });

    it('lift the lock when the last allowed attempt passes, and count afresh after a sign-in', async () => {
      const [one, other] = replicas({ lockSeconds: 60 });
      const name = someName();
      await (await allowed(one, name, someAddress())).failed();
      await (await allowed(other, name, someAddress())).failed();
      await (await allowed(one, name, someAddress())).passed();
      // The attempt that passed was no failure: the third is still the last allowed.
      const third = await allowed(other, name, someAddress());
      expect((await one.reserve(name, someAddress())).refused).to.equal('locked');
      await third.passed();
      await one.signedIn(name);
      for (let n = 0; n < 2; n++) await (await allowed(one, name, someAddress())).failed();
      expect((await (await allowed(other, name, someAddress())).failed()).locked).to.be.instanceOf(
        Date,
      );
    });

    it('count a name in any case and spacing, and a name nobody has, as any other', async () => {
      const [one, other] = replicas({ lockSeconds: 60 });
      const name = someName();
      for (const spelling of [name, ` ${name.toUpperCase()}`, `${name}\t`])
        await (await allowed(spelling === name ? one : other, spelling, someAddress())).failed();
      expect((await one.reserve(name.toUpperCase(), someAddress())).refused).to.equal('locked');
    });

    it('refuse an address past its budget, whichever names it tried, counting no refused attempt', async () => {
      const [one, other] = replicas({ lockSeconds: 60 });
      const address = someAddress();
      await (await allowed(one, someName(), address)).passed();
      for (let n = 0; n < 4; n++)
        await (await allowed(n % 2 ? one : other, someName(), address)).failed();
      for (let n = 0; n < 3; n++)
        expect(await other.reserve(someName(), address)).to.deep.equal({
          refused: 'address-blocked',
        });
      expect((await one.reserve(someName(), `${address}1`)).refused).to.equal(undefined);
    });

    it('let no more than the limit of a name’s attempts through when they arrive at once', async () => {
      const [one, other] = replicas({ maxFailures: 10, lockSeconds: 60, addressMaxFailures: 100 });
      const name = someName();
      const address = someAddress();
      const reservations = await Promise.all(
        Array.from({ length: 16 }, (_, n) => (n % 2 ? one : other).reserve(name, address)),
      );
      const attempts = reservations.flatMap((reservation) => reservation.attempt ?? []);
      expect(attempts).to.have.length(10);
      expect(reservations.filter((reservation) => reservation.refused === 'locked')).to.have.length(
        6,
      );
      const settled = await Promise.all(attempts.map((attempt) => attempt.failed()));
      expect(settled.filter(({ locked }) => locked !== null)).to.have.length(1);
    });

    it('let no more than the limit of an address’s attempts through when they arrive at once', async () => {
      const [one, other] = replicas({ lockSeconds: 60, addressMaxFailures: 4 });
      const address = someAddress();
      const reservations = await Promise.all(
        Array.from({ length: 12 }, (_, n) => (n % 2 ? one : other).reserve(someName(), address)),
      );
      expect(reservations.filter((reservation) => reservation.attempt)).to.have.length(4);
      expect(
        reservations.filter((reservation) => reservation.refused === 'address-blocked'),
      ).to.have.length(8);
    });
  });
}
