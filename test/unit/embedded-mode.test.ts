import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { withEmbeddedKeys } from '../../shared/config/embedded-keys.js';
import { isDuplicateKey, uniqueKeys } from '../../shared/db/db-errors.js';

describe('the embedded mode', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-embedded-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is what an unset DATABASE_URL means, with its files in DATA_DIR', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).to.equal(undefined);
    expect(config.dataDir).to.equal('.data');
    expect(config.worker.emailDir).to.equal('.data/emails');
    expect(loadConfig({ DATA_DIR: '/srv/id' }).worker.emailDir).to.equal('/srv/id/emails');
  });

  it('takes only MySQL URLs as DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/identity' }))
      .to.throw(ConfigError)
      .with.property('problems')
      .that.deep.equals(['DATABASE_URL must be a mysql:// URL']);
  });

  it('makes the secrets it is not given once, keeps them private, and finds them again', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const first = await withEmbeddedKeys(config);
    expect(first.secretsEncryptionKey).to.have.length(32);
    expect(first.auth.signingKeyFile).to.equal(join(dir, 'signing-key.json'));
    const keyFile = join(dir, 'secrets-encryption.key');
    expect((await stat(keyFile)).mode & 0o777).to.equal(0o600);
    expect((await readFile(keyFile, 'utf8')).trim()).to.equal(
      first.secretsEncryptionKey!.toString('base64'),
    );
    const again = await withEmbeddedKeys(config);
    expect(again.secretsEncryptionKey!.equals(first.secretsEncryptionKey!)).to.equal(true);
  });

  it('refuses a key file that does not hold a 32-byte key, naming it', async () => {
    const keyFile = join(dir, 'secrets-encryption.key');
    for (const content of ['', 'c2hvcnQ=\n', 'not base64 at all\n']) {
      await writeFile(keyFile, content);
      const refused = await withEmbeddedKeys(loadConfig({ DATA_DIR: dir })).catch(
        (error: Error) => error,
      );
      expect(refused).to.be.instanceOf(Error);
      expect((refused as Error).message).to.contain(`${keyFile} does not hold a 32-byte key`);
    }
  });

  it('uses the keys it is given, and leaves a MySQL configuration alone', async () => {
    const given = Buffer.alloc(32, 7).toString('base64');
    const withKeys = await withEmbeddedKeys(
      loadConfig({ DATA_DIR: dir, SECRETS_ENCRYPTION_KEY: given, JWKS_FILE: '/etc/jwks.json' }),
    );
    expect(withKeys.secretsEncryptionKey!.toString('base64')).to.equal(given);
    expect(withKeys.auth.signingKeyFile).to.equal(undefined);

    const mysql = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://root@127.0.0.1/identity' });
    expect(await withEmbeddedKeys(mysql)).to.equal(mysql);
    expect(mysql.secretsEncryptionKey).to.equal(undefined);
  });
});

describe('unique keys, as MariaDB and SQLite report them', () => {
  const failed = (driverError: object) =>
    new QueryFailedError('INSERT …', [], driverError as Error);

  it("recognises MariaDB's and MySQL 8's index names", () => {
    const mariadb = failed({
      code: 'ER_DUP_ENTRY',
      sqlMessage: "Duplicate entry 'jane' for key 'users_user_name_lower'",
    });
    const mysql8 = failed({
      code: 'ER_DUP_ENTRY',
      sqlMessage: "Duplicate entry 'a-b' for key 'user_idp_links.PRIMARY'",
    });
    expect(isDuplicateKey(mariadb, uniqueKeys.userName)).to.equal(true);
    expect(isDuplicateKey(mariadb, uniqueKeys.projectName)).to.equal(false);
    expect(isDuplicateKey(mysql8, uniqueKeys.idpLink)).to.equal(true);
  });

  it("recognises SQLite's columns", () => {
    const project = failed(
      new Error('UNIQUE constraint failed: projects.org_id, projects.name_lower'),
    );
    expect(isDuplicateKey(project, uniqueKeys.projectName)).to.equal(true);
    expect(isDuplicateKey(project, uniqueKeys.userName)).to.equal(false);
    expect(isDuplicateKey(project)).to.equal(true);
    expect(isDuplicateKey(failed(new Error('NOT NULL constraint failed: users.email')))).to.equal(
      false,
    );
  });
});
