import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JWK } from 'jose';
import type { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../shared/config/config.js';
import { createConfiguredDataSource, migrate } from '../../shared/db/data-source.js';
import { EventRecord } from '../../shared/db/entities/index.js';
import { createLogger } from '../../shared/logging/logger.js';
import {
  addMember,
  createIdpConfig,
  createOrganization,
} from '../../services/api/admin/organizations.js';
import { createProject } from '../../services/api/admin/projects.js';
import { generateSigningJwk, signToken } from '../../services/api/admin/tokens.js';
import { startApi, type RunningApi } from '../../services/api/api.js';
import { loadVerificationKeys } from '../../services/api/auth/token-keys.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { createTestDatabase } from './database.js';
import { topicOf } from '../../shared/events/cloud-event.js';
import { createKafka, ensureTopics } from '../../shared/kafka/kafka-client.js';
import { OutboxRelay } from '../../services/relay/outbox-relay.js';
import { TopicReader } from './topic-reader.js';
import { callGrpc, type GrpcOutcome } from './grpc-client.js';
import { callGrpcWeb } from './grpc-web-client.js';
import { startWorker, type RunningWorker } from '../../services/worker/worker.js';
import {
  connectEmailRedis,
  createEmailQueue,
} from '../../services/worker/email/bullmq-email-jobs.js';
import { LogCapture } from './log-capture.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

interface CallOptions {
  token?: string;
  orgId?: string;
  body?: unknown;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * The API started in-process over a database of its own, with a signing key for test tokens,
 * a captured log, and shortcuts to create what the operations act on.
 */
export class TestService {
  private constructor(
    readonly config: Config,
    readonly dataSource: DataSource,
    readonly api: RunningApi,
    readonly logs: LogCapture,
    private readonly signingJwk: JWK,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /**
   * @param env configuration variables over the test defaults; `DATABASE_URL: ''` runs on the
   *   embedded SQLite database (in the service's temporary folder) instead of a MariaDB database
   * @param databasePort connect the service through this port (a TcpProxy) instead of directly
   */
  static async start(
    env: Record<string, string> = {},
    databasePort?: number,
  ): Promise<TestService> {
    const database = env.DATABASE_URL === '' ? undefined : await createTestDatabase();
    const databaseUrl = database && new URL(database.url);
    if (databaseUrl && databasePort !== undefined) databaseUrl.port = String(databasePort);
    const dir = await mkdtemp(join(tmpdir(), 'identity-test-'));
    const signingJwk = await generateSigningJwk();
    const { d: _d, ...publicJwk } = signingJwk;
    await writeFile(join(dir, 'jwks.json'), JSON.stringify({ keys: [publicJwk] }));
    await writeFile(join(dir, 'signing.json'), JSON.stringify(signingJwk));
    const config = loadConfig({
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
      EMAIL_QUEUE: `emails-${randomBytes(4).toString('hex')}`,
      WORKER_GROUP_PREFIX: `worker-${randomBytes(4).toString('hex')}`,
      EMAIL_BACKOFF_MS: '200',
      EMAIL_DIR: join(dir, 'emails'),
      // Suites send hundreds of calls with one token; the rate limit suite sets its own.
      RATE_LIMIT_REQUESTS: '0',
      // Suites change roles and states between calls; the auth cache suite turns it on.
      AUTH_CACHE_MS: '0',
      ...env,
    });
    const dataSource = createConfiguredDataSource(config);
    await dataSource.initialize();
    await migrate(dataSource);
    const logs = new LogCapture();
    const logger = createLogger(config.logLevel, logs);
    const api = await startApi(
      { dataSource, config, logger },
      await loadVerificationKeys(config.auth),
      0,
      0,
    );
    const service: TestService = new TestService(
      config,
      dataSource,
      api,
      logs,
      signingJwk,
      async () => {
        // Every step runs even when one before it fails, so no database or topic is left behind.
        const steps: (() => unknown)[] = [
          () => api.close(),
          () => Promise.all(service.relays.map((relay) => relay.stop())),
          () => Promise.all(service.workers.map((worker) => worker.close())),
          // Always: a worker of this service may have run in another process (the crash test).
          () => obliterateQueue(config),
          () =>
            service.relays.length > 0 || service.topicsUsedElsewhere
              ? deleteTopics(config)
              : undefined,
          () => dataSource.destroy(),
          () => database?.drop(),
          () => rm(dir, { recursive: true, force: true }),
        ];
        const failures: unknown[] = [];
        for (const step of steps) {
          await Promise.resolve()
            .then(step)
            .catch((error: unknown) => failures.push(error));
        }
        if (failures.length > 0) throw failures[0];
      },
    );
    return service;
  }

  private readonly relays: OutboxRelay[] = [];
  /** Set when a process of the service's own config (a spawned API) created its topics. */
  topicsUsedElsewhere = false;
  private readonly workers: RunningWorker[] = [];

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
  get topics(): { user: string; project: string } {
    return {
      user: topicOf(this.config.kafka.topicPrefix, 'user'),
      project: topicOf(this.config.kafka.topicPrefix, 'project'),
    };
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
    const topics = [this.topics.user, this.topics.project];
    await ensureTopics(
      createKafka(this.config.kafka, createLogger('silent')),
      this.config.kafka,
      topics,
    );
    return new TopicReader(this.config.kafka.brokers.join(','), topics).start();
  }

  close(): Promise<void> {
    return this.cleanup();
  }

  async call<T = any>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.orgId) headers['x-service-orgid'] = options.orgId;
    const body =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.api.url}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      headers: response.headers,
    };
  }

  /** The `.eml` files the worker wrote while no SMTP server is configured. */
  async emailFiles(): Promise<string[]> {
    const names = await readdir(this.config.worker.emailDir).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.eml'));
  }

  /** Calls `<service>/<method>` with a real @grpc/grpc-js client over stubs loaded from proto/. */
  grpc(
    service: string,
    method: string,
    request: object,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<GrpcOutcome> {
    return callGrpc(this.api.grpcAddress, service, method, request, options);
  }

  /** Calls `<service>/<method>` on the HTTP port with Google's grpc-web client. */
  grpcWeb(
    service: string,
    method: string,
    request: object,
    options: Omit<CallOptions, 'body'> & { format?: 'binary' | 'text' } = {},
  ): Promise<GrpcOutcome> {
    return callGrpcWeb(this.api.url, service, method, request, options);
  }

  importUser<T = any>(
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('POST', '/management/v1/users/human/_import', { ...options, body });
  }

  updateMyProfile<T = any>(
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('PUT', '/auth/v1/users/me/profile', { ...options, body });
  }

  updateProject<T = any>(
    id: string,
    body: unknown,
    options: Omit<CallOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.call('PUT', `/management/v1/projects/${encodeURIComponent(id)}`, {
      ...options,
      body,
    });
  }

  token(
    userId: string,
    overrides: { ttlSeconds?: number; issuer?: string; audience?: string; jwk?: JWK } = {},
  ): Promise<string> {
    return signToken(
      overrides.jwk ?? this.signingJwk,
      {
        issuer: overrides.issuer ?? this.config.auth.issuer,
        audience: overrides.audience ?? this.config.auth.audience,
      },
      userId,
      overrides.ttlSeconds ?? 600,
    );
  }

  async organization(name = 'Org'): Promise<string> {
    return (await createOrganization(this.dataSource, name)).orgId;
  }

  /** A user of `orgId` holding `roles`, with a token for calling as that user. */
  async member(
    orgId: string,
    roles: string[] = [],
    userName = `member-${randomBytes(6).toString('hex')}`,
  ): Promise<{ userId: string; token: string }> {
    const { userId } = await createHumanUser(this.dataSource, this.config, orgId, {
      userName,
      profile: { firstName: 'Test', lastName: 'Member' },
      email: { email: `${userName}@example.com`, isEmailVerified: true },
    });
    for (const role of roles) await addMember(this.dataSource, { orgId, userId, role });
    return { userId, token: await this.token(userId) };
  }

  async project(
    orgId: string,
    name = `Project ${randomBytes(4).toString('hex')}`,
  ): Promise<string> {
    return (await createProject(this.dataSource, orgId, name)).projectId;
  }

  async idp(orgId: string, name = 'IdP'): Promise<string> {
    return (await createIdpConfig(this.dataSource, orgId, name)).idpId;
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

/** A fresh organization with an ORG_OWNER, the usual caller of the management operations. */
export async function orgWithOwner(
  service: TestService,
): Promise<{ orgId: string; userId: string; token: string }> {
  const orgId = await service.organization();
  return { orgId, ...(await service.member(orgId, ['ORG_OWNER'])) };
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
