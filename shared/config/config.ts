import { availableParallelism } from 'node:os';
import { EnvReader, type Env } from './env-reader.js';
import type {
  KafkaConfig,
  PasswordPolicy,
  RateLimitConfig,
  RelayConfig,
  SignInConfig,
  WorkerConfig,
} from './config-sections.js';
import type { PasskeyConfig } from './passkey-config.js';

export type {
  KafkaConfig,
  PasskeyConfig,
  PasswordPolicy,
  RateLimitConfig,
  RelayConfig,
  SignInConfig,
  WorkerConfig,
};
/**
 * Configuration read once from the environment. Every variable has a default that suits a
 * developer machine, except the secrets, which must be given.
 */
export interface Config {
  /** HTTP port for JSON and gRPC-web. `HTTP_PORT`, default 8080. */
  httpPort: number;
  /** HTTP/2 port for gRPC. `GRPC_PORT`, default 9090. */
  grpcPort: number;
  /**
   * MySQL or MariaDB, `mysql://user:pass@host:port/db`; `identityctl`'s writing commands create
   * the database. `DATABASE_URL`; unset, the embedded SQLite file in `DATA_DIR`.
   */
  databaseUrl?: string;
  /**
   * Where the embedded mode keeps its SQLite database, its generated keys and `quickstart.env`;
   * its emails go to `DATA_DIR/emails`. `DATA_DIR`, default `.data`.
   */
  dataDir: string;
  /** Connections in the MySQL pool. `DATABASE_POOL_SIZE`, default 20. */
  databasePoolSize: number;
  /**
   * The address people and clients use: the base of the links the service hands out, the OpenID
   * issuer and the default `JWT_ISSUER`. `PUBLIC_URL`, default `http://localhost:<HTTP_PORT>`.
   */
  publicUrl: string;
  /**
   * How long an idle kept-alive HTTP connection stays open, in ms: longer than the idle timeout
   * of the proxies in front (AWS ALB 60 s), so they never reuse a connection we are closing.
   * A request's headers must arrive within it + 1 s. `HTTP_KEEP_ALIVE_TIMEOUT_MS`, default 65000.
   */
  httpKeepAliveTimeoutMs: number;
  /** Largest accepted request body in bytes. `REQUEST_BODY_LIMIT`, default 1 MiB. */
  requestBodyLimit: number;
  /**
   * Browser origins (`https://app.example`) allowed to call gRPC-web and the token endpoints,
   * comma-separated, `*` for any. `CORS_ORIGINS`, default none.
   */
  corsOrigins: string[];
  /**
   * How many proxies in front of the HTTP port set X-Forwarded-For (an ingress: 1). The client
   * address that sign-in failures and the resend limit count is read that many hops back; 0
   * takes the peer's address, which behind a proxy is the proxy's, so that one address's block
   * stops every client. `TRUST_PROXY_HOPS`, default 0.
   */
  trustProxyHops: number;
  /**
   * How often gRPC health and readiness ask the dependencies, in ms.
   * `HEALTH_CHECK_INTERVAL_MS`, default 2000.
   */
  healthCheckIntervalMs: number;
  /**
   * `REDIS_URL`: BullMQ's email queue, and the rate limits and failed sign-ins every API instance
   * counts together. Unset: the queue in the worker's process, the counts per instance (failed
   * sign-ins in the database).
   */
  redisUrl?: string;
  /**
   * The start of every key the API keeps in Redis (rate limits, failed sign-ins), so several
   * deployments can share one Redis. `REDIS_KEY_PREFIX`, default `identity:`.
   */
  redisKeyPrefix: string;
  rateLimit: RateLimitConfig;
  /**
   * How long a verified token, a caller's organization and roles are remembered, in ms; a
   * deactivated user or a revoked role is refused at most this much later. `AUTH_CACHE_MS`,
   * default 1000; 0 remembers nothing.
   */
  authCacheMs: number;
  /**
   * How long SIGTERM may take to finish calls, publish and close, in ms, before the process exits
   * 1. `SHUTDOWN_GRACE_MS`, default 25000.
   */
  shutdownGraceMs: number;
  auth: {
    /** The keys that verify callers' tokens: a JWKS file path (`JWKS_FILE`) or URL (`JWKS_URL`). */
    jwksFile?: string;
    jwksUrl?: string;
    /**
     * The private JWK that signs `identityctl`'s and the OpenID provider's tokens; its public half
     * verifies tokens when no JWKS is set. `JWT_SIGNING_KEY_FILE`; embedded: made in
     * `DATA_DIR/signing-key.json`.
     */
    signingKeyFile?: string;
    /** Expected `iss`. `JWT_ISSUER`, default `PUBLIC_URL`. */
    issuer: string;
    /** Expected `aud`. `JWT_AUDIENCE`, default `identity-service`. */
    audience: string;
  };
  passwordPolicy: PasswordPolicy;
  /**
   * Clear passwords hashed at once by one API process; the rest wait. `PASSWORD_HASH_CONCURRENCY`,
   * default 0: half the cores, at least 1, so hashing never takes every core.
   */
  passwordHashConcurrency: number;
  signIn: SignInConfig;
  /**
   * 32 bytes in base64: encrypts OTP secrets and clients' secrets (AES-256-GCM), derives the
   * emailed codes and the sign-in's cookie keys. `SECRETS_ENCRYPTION_KEY`: required by the API and
   * the worker; embedded: made in `DATA_DIR`.
   */
  secretsEncryptionKey?: Buffer;
  passkeys: PasskeyConfig;
  /** Lifetime of a passwordless registration code in seconds. `PASSWORDLESS_CODE_LIFETIME`, default 3600. */
  passwordlessCodeLifetimeSeconds: number;
  /**
   * Lifetime of a password reset code (the "Forgot password?" email's link) in seconds.
   * `PASSWORD_RESET_CODE_TTL`, default 3600.
   */
  passwordResetCodeLifetimeSeconds: number;
  /** `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. `LOG_LEVEL`, default `info`. */
  logLevel: string;
  kafka: KafkaConfig;
  relay: RelayConfig;
  worker: WorkerConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

/** Reads the configuration, naming every variable that is wrong at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const dataDir = env.DATA_DIR || '.data';
  const httpPort = read.integer('HTTP_PORT', 8080, 0, 65535);
  // Unset, the links and the token issuer name this process's own port.
  const publicUrl = read.url('PUBLIC_URL', `http://localhost:${httpPort}`).replace(/\/+$/, '');
  const config: Config = {
    httpPort,
    grpcPort: read.integer('GRPC_PORT', 9090, 0, 65535),
    databaseUrl: env.DATABASE_URL ? read.url('DATABASE_URL', '', ['mysql:']) : undefined,
    dataDir,
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 20, 1, 1000),
    publicUrl,
    httpKeepAliveTimeoutMs: read.integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000, 1000, 3_600_000),
    requestBodyLimit: read.integer('REQUEST_BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
    corsOrigins: read.origins('CORS_ORIGINS'),
    trustProxyHops: read.integer('TRUST_PROXY_HOPS', 0, 0, 10),
    healthCheckIntervalMs: read.integer('HEALTH_CHECK_INTERVAL_MS', 2000, 10, 600_000),
    redisUrl: env.REDIS_URL ? read.url('REDIS_URL', '') : undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'identity:',
    rateLimit: {
      requests: read.integer('RATE_LIMIT_REQUESTS', 200, 0, 1_000_000),
      windowSeconds: read.integer('RATE_LIMIT_WINDOW_SECONDS', 1, 1, 86_400),
    },
    authCacheMs: read.integer('AUTH_CACHE_MS', 1000, 0, 300_000),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    auth: {
      jwksFile: env.JWKS_FILE || undefined,
      jwksUrl: env.JWKS_URL ? read.url('JWKS_URL', '') : undefined,
      signingKeyFile: env.JWT_SIGNING_KEY_FILE || undefined,
      issuer: env.JWT_ISSUER || publicUrl,
      audience: env.JWT_AUDIENCE || 'identity-service',
    },
    passwordPolicy: {
      minLength: read.integer('PASSWORD_MIN_LENGTH', 8, 1, 72),
      requireLowercase: read.boolean('PASSWORD_REQUIRE_LOWERCASE', true),
      requireUppercase: read.boolean('PASSWORD_REQUIRE_UPPERCASE', true),
      requireDigit: read.boolean('PASSWORD_REQUIRE_DIGIT', true),
      requireSymbol: read.boolean('PASSWORD_REQUIRE_SYMBOL', true),
    },
    passwordHashConcurrency:
      read.integer('PASSWORD_HASH_CONCURRENCY', 0, 0, 256) ||
      Math.max(1, Math.floor(availableParallelism() / 2)),
    signIn: {
      maxFailures: read.integer('SIGN_IN_MAX_FAILURES', 5, 1, 1000),
      lockSeconds: read.integer('SIGN_IN_LOCK_SECONDS', 900, 1, 30 * 86400),
      addressMaxFailures: read.integer('SIGN_IN_ADDRESS_MAX_FAILURES', 50, 1, 1_000_000),
    },
    secretsEncryptionKey: read.key32('SECRETS_ENCRYPTION_KEY'),
    passkeys: {
      rpId: env.WEBAUTHN_RP_ID || new URL(publicUrl).hostname,
      rpName: env.WEBAUTHN_RP_NAME || 'Identity',
      origins: env.WEBAUTHN_ORIGINS
        ? read.origins('WEBAUTHN_ORIGINS')
        : [new URL(publicUrl).origin],
      reauthSeconds: read.integer('PASSKEY_REAUTH_SECONDS', 300, 10, 86_400),
    },
    passwordlessCodeLifetimeSeconds: read.integer(
      'PASSWORDLESS_CODE_LIFETIME',
      3600,
      60,
      30 * 86400,
    ),
    passwordResetCodeLifetimeSeconds: read.integer('PASSWORD_RESET_CODE_TTL', 3600, 60, 7 * 86400),
    logLevel: read.oneOf('LOG_LEVEL', 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ]),
    kafka: {
      brokers: read.list('KAFKA_BROKERS'),
      clientId: env.KAFKA_CLIENT_ID || 'identity-service',
      topicPrefix: env.KAFKA_TOPIC_PREFIX ?? 'identity.',
      topicPartitions: read.integer('KAFKA_TOPIC_PARTITIONS', 6, 1, 10_000),
      replicationFactor: read.integer('KAFKA_REPLICATION_FACTOR', -1, -1, 100),
    },
    relay: {
      inProcess: read.boolean('RELAY_IN_PROCESS', true),
      batchSize: read.integer('RELAY_BATCH_SIZE', 500, 1, 10_000),
      pollIntervalMs: read.integer('RELAY_POLL_INTERVAL_MS', 20, 1, 60_000),
      maxBackoffMs: read.integer('RELAY_MAX_BACKOFF_MS', 5000, 10, 600_000),
      shards: read.integer('RELAY_SHARDS', 8, 1, 1024),
      eventSource: env.EVENT_SOURCE || 'urn:identity-service',
    },
    worker: {
      smtpUrl: env.SMTP_URL ? read.url('SMTP_URL', '') : undefined,
      emailDir: env.EMAIL_DIR || `${dataDir}/emails`,
      smtpFrom: env.SMTP_FROM || 'Identity <no-reply@localhost>',
      smtpPoolSize: read.integer('SMTP_POOL_SIZE', 5, 1, 100),
      emailQueue: env.EMAIL_QUEUE || 'identity-emails',
      emailAttempts: read.integer('EMAIL_ATTEMPTS', 10, 1, 100),
      emailBackoffMs: read.integer('EMAIL_BACKOFF_MS', 1000, 1, 3_600_000),
      emailConcurrency: read.integer('EMAIL_CONCURRENCY', 10, 1, 1000),
      initCodeLifetimeSeconds: read.integer('INIT_CODE_LIFETIME', 72 * 3600, 60, 30 * 86400),
      consumerGroupPrefix: env.WORKER_GROUP_PREFIX || 'identity-worker',
      httpPort: read.integer('WORKER_HTTP_PORT', 8081, 0, 65535),
      inProcess: read.boolean('WORKER_IN_PROCESS', true),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
