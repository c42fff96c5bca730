/**
 * Configuration read once from the environment. Every variable has a default that suits a
 * developer machine, except the secrets, which must be given.
 */
export interface PasswordPolicy {
  /** Minimum length in characters. Default 8. */
  minLength: number;
  /** A lower-case letter is required. Default true. */
  requireLowercase: boolean;
  /** An upper-case letter is required. Default true. */
  requireUppercase: boolean;
  /** A digit is required. Default true. */
  requireDigit: boolean;
  /** A symbol (anything not a letter or digit) is required. Default true. */
  requireSymbol: boolean;
}

export interface Config {
  /** HTTP port for JSON and gRPC-web. `HTTP_PORT`, default 8080. */
  httpPort: number;
  /** `mysql://user:pass@host:port/db`. `DATABASE_URL`, default `mysql://root@127.0.0.1:3306/identity`. */
  databaseUrl: string;
  /** Connections in the MySQL pool. `DATABASE_POOL_SIZE`, default 20. */
  databasePoolSize: number;
  /** Base of the links the service hands out. `PUBLIC_URL`, default `http://localhost:8080`. */
  publicUrl: string;
  /** Largest accepted request body in bytes. `REQUEST_BODY_LIMIT`, default 1 MiB. */
  requestBodyLimit: number;
  auth: {
    /** Verification keys: a JWKS file path (`JWKS_FILE`) or URL (`JWKS_URL`). */
    jwksFile?: string;
    jwksUrl?: string;
    /** Private JWK used by `identityctl token issue` and `setup`. `JWT_SIGNING_KEY_FILE`. */
    signingKeyFile?: string;
    /** Expected `iss`. `JWT_ISSUER`, default `PUBLIC_URL`. */
    issuer: string;
    /** Expected `aud`. `JWT_AUDIENCE`, default `identity-service`. */
    audience: string;
  };
  passwordPolicy: PasswordPolicy;
  /** 32-byte key (base64) that encrypts OTP secrets at rest. `SECRETS_ENCRYPTION_KEY`. */
  secretsEncryptionKey?: Buffer;
  /** Lifetime of a passwordless registration code in seconds. `PASSWORDLESS_CODE_LIFETIME`, default 3600. */
  passwordlessCodeLifetimeSeconds: number;
  /** `LOG_LEVEL`, default `info`. */
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads the configuration, naming every variable that is wrong at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const publicUrl = read.url('PUBLIC_URL', 'http://localhost:8080').replace(/\/+$/, '');
  const config: Config = {
    httpPort: read.integer('HTTP_PORT', 8080, 0, 65535),
    databaseUrl: read.url('DATABASE_URL', 'mysql://root@127.0.0.1:3306/identity'),
    databasePoolSize: read.integer('DATABASE_POOL_SIZE', 20, 1, 1000),
    publicUrl,
    requestBodyLimit: read.integer('REQUEST_BODY_LIMIT', 1024 * 1024, 1024, 64 * 1024 * 1024),
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
    secretsEncryptionKey: read.key32('SECRETS_ENCRYPTION_KEY'),
    passwordlessCodeLifetimeSeconds: read.integer(
      'PASSWORDLESS_CODE_LIFETIME',
      3600,
      60,
      30 * 86400,
    ),
    logLevel: read.oneOf('LOG_LEVEL', 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ]),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    this.problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  }

  url(name: string, fallback: string): string {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!URL.canParse(raw)) {
      this.problems.push(`${name} must be a URL`);
      return fallback;
    }
    return raw;
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!allowed.includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
      return fallback;
    }
    return raw;
  }

  /** A secret: its value is never repeated in a message. */
  key32(name: string): Buffer | undefined {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return undefined;
    const key = Buffer.from(raw, 'base64');
    if (key.length !== 32) {
      this.problems.push(`${name} must be 32 bytes encoded in base64 (openssl rand -base64 32)`);
      return undefined;
    }
    return key;
  }
}
