import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWK } from 'jose';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../shared/config/config.js';
import { createConfiguredDataSource, migrate } from '../../shared/db/data-source.js';
import { EventRecord } from '../../shared/db/entities/index.js';
import { createLogger } from '../../shared/logging/logger.js';
import { generateSigningJwk, signToken } from '../../services/api/admin/tokens.js';
import { startApi } from '../../services/api/api.js';
import { loadVerificationKeys } from '../../services/api/auth/token-keys.js';
import { createTestDatabase } from './database.js';
import { AGGREGATE_TYPES, topicOf } from '../../shared/events/cloud-event.js';
import type { AggregateType } from '../../shared/events/event-types.js';
import { createKafka, ensureTopics } from '../../shared/kafka/kafka-client.js';
import { OutboxRelay } from '../../services/relay/outbox-relay.js';
import { TopicReader } from './topic-reader.js';
import { startWorker, type RunningWorker } from '../../services/worker/worker.js';
import {
  connectEmailRedis,
  createEmailQueue,
} from '../../services/worker/email/bullmq-email-jobs.js';
import { LogCapture } from './log-capture.js';
import { pollUntil } from './poll.js';
import { ServiceClient } from './service-client.js';

export type { ApiResponse, CallOptions } from './service-client.js';

/**
 * The API started in this process over a database of its own, with a signing key for test
 * tokens and a captured log; relays and workers started beside it on demand. All of it, the
 * database, topics and queue included, is gone after close(). Its calls are ServiceClient's.
 */
export class TestService extends ServiceClient {
  config!: Config;
  dataSource!: DataSource;
  readonly logs = new LogCapture();
  private signingJwk!: JWK;
  private readonly relays: OutboxRelay[] = [];
  private readonly workers: RunningWorker[] = [];
  /** What close() undoes, in the order it was made: close() runs them last first. */
  private readonly cleanups: (() => unknown)[] = [];
  /** Set when a process of the service's own config (a spawned API) created its topics. */
  topicsUsedElsewhere = false;

  /** See `open`. */
  static start(env: Record<string, string> = {}, databasePort?: number): Promise<TestService> {
    return new TestService().open(env, databasePort);
  }

  /**
   * @param env configuration variables over the test defaults; `DATABASE_URL: ''` runs on the
   *   embedded SQLite database (in the service's temporary folder) instead of a MariaDB database
   * @param databasePort connect the service through this port (a TcpProxy) instead of directly
   */
  async open(env: Record<string, string> = {}, databasePort?: number): Promise<this> {
    const database = env.DATABASE_URL === '' ? undefined : await createTestDatabase();
    if (database) this.cleanups.push(() => database.drop());
    const databaseUrl = database && new URL(database.url);
    if (databaseUrl && databasePort !== undefined) databaseUrl.port = String(databasePort);
    const dir = await mkdtemp(join(tmpdir(), 'identity-test-'));
    this.cleanups.push(() => rm(dir, { recursive: true, force: true }));
    this.signingJwk = await generateSigningJwk();
    const { d: _d, ...publicJwk } = this.signingJwk;
    await writeFile(join(dir, 'jwks.json'), JSON.stringify({ keys: [publicJwk] }));
    await writeFile(join(dir, 'signing.json'), JSON.stringify(this.signingJwk));
    const config = loadConfig({ ...testDefaults(dir, databaseUrl), ...env });
    this.config = config;
    this.dataSource = createConfiguredDataSource(config);
    await this.dataSource.initialize();
    this.cleanups.push(() => this.dataSource.destroy());
    await migrate(this.dataSource);
    const logger = createLogger(config.logLevel, this.logs);
    this.api = await startApi(
      { dataSource: this.dataSource, config, logger },
      await loadVerificationKeys(config.auth),
      // A port of the test's choosing when PUBLIC_URL must name it (the OpenID issuer).
      env.HTTP_PORT ? config.httpPort : 0,
      0,
    );
    this.cleanups.push(
      () => (this.relays.length > 0 || this.topicsUsedElsewhere ? deleteTopics(config) : undefined),
      // Always: a worker of this service may have run in another process (the crash test).
      () => obliterateQueue(config),
      () => Promise.all(this.workers.map((worker) => worker.close())),
      () => Promise.all(this.relays.map((relay) => relay.stop())),
      () => this.api.close(),
    );
    return this;
  }

  /** Stops what runs and removes what was made; every step runs even when one before it fails. */
  async close(): Promise<void> {
    const failures: unknown[] = [];
    for (const step of this.cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  }

  /** Starts the worker in this process (consumer groups and the email worker); stopped by close(). */
  async startWorker(): Promise<RunningWorker> {
    const worker = await startWorker(
      this.dataSource,
      this.config,
      createLogger(this.config.logLevel, this.logs),
    );
    this.workers.push(worker);
    return worker;
  }

  /** The topics this service's relays publish to (a prefix of their own per service). */
  get topics(): Record<AggregateType, string> {
    const prefix = this.config.kafka.topicPrefix;
    return Object.fromEntries(
      AGGREGATE_TYPES.map((aggregate) => [aggregate, topicOf(prefix, aggregate)]),
    ) as Record<AggregateType, string>;
  }

  /** Starts an outbox relay to KAFKA_BROKERS; several may run at once. Stopped by close(). */
  async startRelay(overrides: Partial<Config['relay']> = {}): Promise<OutboxRelay> {
    const relay = new OutboxRelay({
      dataSource: this.dataSource,
      databaseUrl: this.config.databaseUrl,
      kafka: createKafka(this.config.kafka, createLogger('error', this.logs)),
      kafkaConfig: this.config.kafka,
      config: { ...this.config.relay, ...overrides },
      logger: createLogger(this.config.logLevel, this.logs),
    });
    this.relays.push(relay);
    await relay.start();
    return relay;
  }

  /** Reads this service's topics from the beginning (creating them if no relay has yet). */
  async readTopics(): Promise<TopicReader> {
    const topics = Object.values(this.topics);
    await ensureTopics(
      createKafka(this.config.kafka, createLogger('silent')),
      this.config.kafka,
      topics,
    );
    return new TopicReader(this.config.kafka.brokers.join(','), topics).start();
  }

  /** The `.eml` files the worker wrote while no SMTP server is configured. */
  async emailFiles(): Promise<string[]> {
    const names = await readdir(this.config.worker.emailDir).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.eml'));
  }

  /** The .eml messages of EMAIL_DIR addressed to `address`, once there are `count` of them. */
  emailsTo(address: string, count: number, timeoutMs = 30_000): Promise<string[]> {
    const dir = this.config.worker.emailDir;
    const addressed = async () => {
      const names = await this.emailFiles();
      const contents = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
      return contents.filter((content) => content.includes(`<${address}>`));
    };
    return pollUntil(addressed, (found) => found.length >= count, timeoutMs, 50);
  }

  token(
    userId: string,
    overrides: {
      ttlSeconds?: number;
      issuer?: string;
      audience?: string;
      jwk?: JWK;
      claims?: Record<string, unknown>;
    } = {},
  ): Promise<string> {
    return signToken(
      overrides.jwk ?? this.signingJwk,
      {
        issuer: overrides.issuer ?? this.config.auth.issuer,
        audience: overrides.audience ?? this.config.auth.audience,
      },
      userId,
      overrides.ttlSeconds ?? 600,
      overrides.claims,
    );
  }

  /** The events recorded for one aggregate, oldest first. */
  events(aggregateId: string): Promise<EventRecord[]> {
    return this.dataSource
      .getRepository(EventRecord)
      .find({ where: { aggregateId }, order: { position: 'ASC' } });
  }

  async count(table: string, where = '1=1', params: unknown[] = []): Promise<number> {
    const rows: { n: string | number }[] = await this.dataSource.query(
      `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`,
      params,
    );
    return Number(rows[0]!.n);
  }
}

/** The configuration every test service starts from: its own topics, queue, groups and files. */
function testDefaults(dir: string, databaseUrl: URL | undefined): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl?.toString() ?? '',
    DATA_DIR: join(dir, 'data'),
    DATABASE_POOL_SIZE: '20',
    JWKS_FILE: join(dir, 'jwks.json'),
    JWT_SIGNING_KEY_FILE: join(dir, 'signing.json'),
    PUBLIC_URL: 'http://id.test',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '',
    KAFKA_TOPIC_PREFIX: `t${randomBytes(4).toString('hex')}.`,
    KAFKA_TOPIC_PARTITIONS: '3',
    RELAY_POLL_INTERVAL_MS: '10',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // Counts kept in Redis (rate limits, failed sign-ins) are this service's alone.
    REDIS_KEY_PREFIX: `identity-test-${randomBytes(4).toString('hex')}:`,
    EMAIL_QUEUE: `emails-${randomBytes(4).toString('hex')}`,
    WORKER_GROUP_PREFIX: `worker-${randomBytes(4).toString('hex')}`,
    EMAIL_BACKOFF_MS: '200',
    EMAIL_DIR: join(dir, 'emails'),
    // Suites send hundreds of calls with one token; the rate limit suite sets its own.
    RATE_LIMIT_REQUESTS: '0',
    // Suites change roles and states between calls; the auth cache suite turns it on.
    AUTH_CACHE_MS: '0',
  };
}

async function deleteTopics(config: Config): Promise<void> {
  const admin = createKafka(config.kafka, createLogger('silent')).admin();
  await admin.connect();
  try {
    const ours = (await admin.listTopics()).filter((topic) =>
      topic.startsWith(config.kafka.topicPrefix),
    );
    if (ours.length > 0) await admin.deleteTopics({ topics: ours });
  } finally {
    await admin.disconnect();
  }
}

async function obliterateQueue(config: Config): Promise<void> {
  if (!config.redisUrl) return;
  const connection = connectEmailRedis(config);
  const queue = createEmailQueue(config.worker, connection);
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
