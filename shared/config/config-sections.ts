/**
 * The sections of the configuration (Config in config.ts), each setting's doc comment naming
 * its variable and default: docs/reference/configuration.md is generated from them.
 */

export interface PasswordPolicy {
  /** A clear password's least length in characters. `PASSWORD_MIN_LENGTH`, default 8. */
  minLength: number;
  /** A clear password needs a lower-case letter. `PASSWORD_REQUIRE_LOWERCASE`, default true. */
  requireLowercase: boolean;
  /** A clear password needs an upper-case letter. `PASSWORD_REQUIRE_UPPERCASE`, default true. */
  requireUppercase: boolean;
  /** A clear password needs a digit. `PASSWORD_REQUIRE_DIGIT`, default true. */
  requireDigit: boolean;
  /**
   * A clear password needs a symbol (anything not a letter or digit).
   * `PASSWORD_REQUIRE_SYMBOL`, default true.
   */
  requireSymbol: boolean;
}

/** Brute-force limits of the sign-in pages, counted together by every API instance. */
export interface SignInConfig {
  /**
   * Failed attempts on one user name that lock it; no more are checked at once.
   * `SIGN_IN_MAX_FAILURES`, default 5.
   */
  maxFailures: number;
  /**
   * How long a lock lasts, in seconds; failures older than this are forgotten.
   * `SIGN_IN_LOCK_SECONDS`, default 900.
   */
  lockSeconds: number;
  /**
   * Failed attempts from one client address, whatever the user names, within that window; past
   * them the address is refused. `SIGN_IN_ADDRESS_MAX_FAILURES`, default 50.
   */
  addressMaxFailures: number;
}

export interface RateLimitConfig {
  /** Calls one caller may make per window; 0 turns limiting off. `RATE_LIMIT_REQUESTS`, default 200. */
  requests: number;
  /** The rate limit's window, in seconds. `RATE_LIMIT_WINDOW_SECONDS`, default 1. */
  windowSeconds: number;
}

export interface WorkerConfig {
  /**
   * `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS). `SMTP_URL`; unset,
   * emails are written to `EMAIL_DIR`.
   */
  smtpUrl?: string;
  /** Where emails go as `.eml` files while `SMTP_URL` is unset. `EMAIL_DIR`, default `<DATA_DIR>/emails`. */
  emailDir: string;
  /** Sender of every email. `SMTP_FROM`, default `Identity <no-reply@localhost>`. */
  smtpFrom: string;
  /** Pooled SMTP connections. `SMTP_POOL_SIZE`, default 5. */
  smtpPoolSize: number;
  /** BullMQ queue name. `EMAIL_QUEUE`, default `identity-emails`. */
  emailQueue: string;
  /** Tries per email before it is failed. `EMAIL_ATTEMPTS`, default 10. */
  emailAttempts: number;
  /** First retry delay; doubles each try. `EMAIL_BACKOFF_MS`, default 1000. */
  emailBackoffMs: number;
  /** Emails sent at once by one worker. `EMAIL_CONCURRENCY`, default 10. */
  emailConcurrency: number;
  /** Lifetime of an initialization code in seconds. `INIT_CODE_LIFETIME`, default 72 h. */
  initCodeLifetimeSeconds: number;
  /** Consumer groups are `<prefix>.<consumer>`. `WORKER_GROUP_PREFIX`, default `identity-worker`. */
  consumerGroupPrefix: string;
  /** The worker's `/healthz`, `/readyz` and `/metrics`. `WORKER_HTTP_PORT`, default 8081. */
  httpPort: number;
  /** Run the worker inside the API process (`npm start`). `WORKER_IN_PROCESS`, default true. */
  inProcess: boolean;
}

export interface KafkaConfig {
  /** Bootstrap servers, comma-separated. `KAFKA_BROKERS`; unset means events are not published. */
  brokers: string[];
  /** The client id the brokers' logs and quotas know the service by. `KAFKA_CLIENT_ID`, default `identity-service`. */
  clientId: string;
  /** Topics are `<prefix><aggregate>.v1`. `KAFKA_TOPIC_PREFIX`, default `identity.`. */
  topicPrefix: string;
  /** Partitions of a topic the relay creates. `KAFKA_TOPIC_PARTITIONS`, default 6. */
  topicPartitions: number;
  /** Replication of a topic the relay creates; -1 takes the broker's default. `KAFKA_REPLICATION_FACTOR`, default -1. */
  replicationFactor: number;
}

export interface RelayConfig {
  /** Run the outbox relay inside the API process. `RELAY_IN_PROCESS`, default true. */
  inProcess: boolean;
  /** Events published per round trip. `RELAY_BATCH_SIZE`, default 500. */
  batchSize: number;
  /** Time from one poll of the outbox to the next while it is not full, in ms (a batch's publishing counts against it). `RELAY_POLL_INTERVAL_MS`, default 20. */
  pollIntervalMs: number;
  /** Longest pause between retries while Kafka is unreachable, in ms. `RELAY_MAX_BACKOFF_MS`, default 5000. */
  maxBackoffMs: number;
  /** Aggregates are split into this many shards, each published by one relay at a time. `RELAY_SHARDS`, default 8. */
  shards: number;
  /** CloudEvents `source` of every event. `EVENT_SOURCE`, default `urn:identity-service`. */
  eventSource: string;
}
