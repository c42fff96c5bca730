import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../shared/config/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      httpPort: 8080,
      requestBodyLimit: 1024 * 1024,
      publicUrl: 'http://localhost:8080',
      passwordlessCodeLifetimeSeconds: 3600,
      passwordResetCodeLifetimeSeconds: 3600,
    });
    expect(
      loadConfig({ PASSWORD_RESET_CODE_TTL: '600' }).passwordResetCodeLifetimeSeconds,
    ).to.equal(600);
    expect(config.auth).to.deep.include({
      issuer: 'http://localhost:8080',
      audience: 'identity-service',
    });
    expect(config.passwordPolicy).to.deep.equal({
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireDigit: true,
      requireSymbol: true,
    });
  });

  it('locks a user after 5 failures for 15 minutes, an address after 50, unless told otherwise', () => {
    expect(loadConfig({}).signIn).to.deep.equal({
      maxFailures: 5,
      lockSeconds: 900,
      addressMaxFailures: 50,
    });
    const given = loadConfig({
      SIGN_IN_MAX_FAILURES: '3',
      SIGN_IN_LOCK_SECONDS: '60',
      SIGN_IN_ADDRESS_MAX_FAILURES: '10',
    });
    expect(given.signIn).to.deep.equal({ maxFailures: 3, lockSeconds: 60, addressMaxFailures: 10 });
    expect(() => loadConfig({ SIGN_IN_MAX_FAILURES: '0' })).to.throw(/SIGN_IN_MAX_FAILURES/);
  });

  it('hands out links to its own port when PUBLIC_URL is not given', () => {
    const config = loadConfig({ HTTP_PORT: '31480' });
    expect(config.publicUrl).to.equal('http://localhost:31480');
    expect(config.auth.issuer).to.equal('http://localhost:31480');
    const given = loadConfig({ HTTP_PORT: '31480', PUBLIC_URL: 'https://id.example/' });
    expect(given.publicUrl).to.equal('https://id.example');
    expect(given.auth.issuer).to.equal('https://id.example');
  });

  it('names every bad variable at once and never repeats a secret', () => {
    const secret = 'c2hvcnQ=';
    let error: unknown;
    try {
      loadConfig({
        HTTP_PORT: 'eighty',
        PASSWORD_REQUIRE_SYMBOL: 'maybe',
        LOG_LEVEL: 'loud',
        SECRETS_ENCRYPTION_KEY: secret,
        DATABASE_URL: 'not a url',
        CORS_ORIGINS: 'https://ok.example, app.example/path',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(' ')[0])).to.deep.equal([
      'HTTP_PORT',
      'DATABASE_URL',
      'CORS_ORIGINS',
      'PASSWORD_REQUIRE_SYMBOL',
      'SECRETS_ENCRYPTION_KEY',
      'LOG_LEVEL',
    ]);
    expect((error as Error).message).to.not.contain(secret);
  });

  it('reads browser origins for CORS', () => {
    expect(loadConfig({}).corsOrigins).to.deep.equal([]);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example, http://localhost:3000' }).corsOrigins,
    ).to.deep.equal(['https://app.example', 'http://localhost:3000']);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).to.deep.equal(['*']);
  });

  it('reads the password policy', () => {
    const { passwordPolicy } = loadConfig({
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_REQUIRE_SYMBOL: 'false',
    });
    expect(passwordPolicy).to.include({ minLength: 12, requireSymbol: false });
  });
});
