import { expect } from 'chai';
import * as OTPAuth from 'otpauth';
import { gzipSync } from 'node:zlib';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityctl } from '../support/identityctl.js';
import { FOREIGN_VECTORS } from '../support/password-hash-vectors.js';
import { buildIdp, buildOwner } from '../support/factories.js';
import { TestService } from '../support/test-service.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { SignInBrowser, type SignInPage } from '../support/sign-in-flow.js';
import type * as oidc from 'openid-client';

/** A real `kc.sh export --users different_files` of Keycloak 26.7.3 (its README says how). */
const KEYCLOAK_EXPORT = join(process.cwd(), 'test/fixtures/keycloak-export');
const BCRYPT = FOREIGN_VECTORS.find((vector) => vector.format === 'bcrypt $2b$')!;
/** What a sign-in makes of every other hash: argon2id at our cost (node-argon2 writes m,p,t). */
const OURS = /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/;

const reportOf = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * `identityctl migrate` from the exports of the systems people leave: Keycloak's folder and
 * Auth0's two files, their users then signing in with the passwords they had there; and an export
 * full of bad records, every good user imported and every bad one reported at its place.
 */
describe('identityctl migrate from Keycloak and Auth0', function () {
  this.timeout(180_000);
  let service: TestService;
  let dir: string;
  let env: Record<string, string>;
  let orgId: string;
  let client: oidc.Configuration;

  before(async () => {
    service = await TestService.start(await publicUrlEnv());
    dir = await mkdtemp(join(tmpdir(), 'identityctl-migrate-sources-'));
    const owner = await buildOwner(service);
    orgId = owner.orgId;
    env = { API_URL: service.api.url, TOKEN: owner.token };
    client = await relyingParty(service);
  });
  after(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  const signIn = async (userName: string, password: string): Promise<SignInPage> =>
    new SignInBrowser(service.config.publicUrl).signIn(
      (await authorization(client)).url,
      userName,
      password,
    );
  const hashOf = async (userName: string): Promise<string> =>
    (
      await service.dataSource.query(
        'SELECT password_hash FROM users WHERE org_id = ? AND user_name = ?',
        [orgId, userName],
      )
    )[0].password_hash;

  it('moves a Keycloak realm here; its users sign in with their Keycloak passwords', async () => {
    const google = (await buildIdp(service, { orgId })).idpId;
    const checkpoint = join(dir, 'acme.checkpoint.json');
    const report = join(dir, 'acme.report.ndjson');
    const args = ['migrate', '--from', 'keycloak', '--in', KEYCLOAK_EXPORT, '--realm', 'acme'];
    const moved = await identityctl(
      env,
      ...args,
      ...['--idp', `google=${google}`, '--checkpoint', checkpoint, '--report', report],
    );
    expect(moved.code, moved.stderr).to.equal(0);
    expect(moved.json).to.include({
      inserted: 8,
      alreadyThere: 0,
      refused: 0,
      partial: 1,
      deactivated: 1,
    });
    expect(
      (await reportOf(report)).map(({ file, position, userName, errorId, message }) => ({
        file,
        position,
        userName,
        errorId,
        message,
      })),
    ).to.deep.equal([
      {
        file: 'acme-users-1.json',
        position: 1,
        userName: 'dave',
        errorId: undefined,
        message: 'imported deactivated: disabled in Keycloak',
      },
      {
        file: 'acme-users-2.json',
        position: 1,
        userName: 'grace',
        errorId: undefined,
        message: 'left out: TOTP with HmacSHA256, 8 digits, 30 s',
      },
    ]);

    const alice = await signIn('alice', 'Alice-Passw0rd!');
    expect(alice.url, alice.html).to.match(/callback\?code=/);
    expect(await hashOf('alice'), 'upgraded from Keycloak’s argon2 cost').to.match(OURS);
    expect((await signIn('carol', 'Carol-Passw0rd')).url).to.not.match(/callback/);
    // Dave, disabled in Keycloak, is here deactivated: his user name is his, and he cannot sign in.
    const [dave] = await service.dataSource.query(
      'SELECT state FROM users WHERE org_id = ? AND user_name = ?',
      [orgId, 'dave'],
    );
    expect(dave.state).to.equal('inactive');

    // Frank's authenticator app keeps working: its codes come from Keycloak's key.
    const keycloakKey = new TextEncoder().encode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const totp = new OTPAuth.TOTP({ secret: new OTPAuth.Secret({ buffer: keycloakKey.buffer }) });
    const browser = new SignInBrowser(service.config.publicUrl);
    const asked = await browser.signIn(
      (await authorization(client)).url,
      'frank',
      'Frank-Passw0rd!',
    );
    expect(asked.html).to.contain('name="code"');
    expect((await browser.submit(asked, { code: totp.generate() })).url).to.match(
      /callback\?code=/,
    );

    const [bob] = await service.dataSource.query(
      'SELECT password_change_required AS changeRequired, email_verified AS verified FROM users WHERE org_id = ? AND user_name = ?',
      [orgId, 'bob'],
    );
    expect([Boolean(bob.changeRequired), Boolean(bob.verified)]).to.deep.equal([true, false]);
    const [{ links }] = await service.dataSource.query(
      `SELECT COUNT(*) AS links FROM user_idp_links l JOIN users u ON u.id = l.user_id
        WHERE u.user_name = 'carol' AND l.external_user_id = 'google-carol-123'`,
    );
    expect(Number(links)).to.equal(1);

    // Run again without its checkpoint: every user is found by its Keycloak id.
    await rm(checkpoint);
    const again = await identityctl(env, ...args, '--checkpoint', checkpoint, '--report', report);
    expect(again.json).to.include({ inserted: 0, alreadyThere: 8, refused: 0, deactivated: 1 });
  });

  it('carries every password algorithm Keycloak has used, each upgraded at sign-in', async () => {
    const moved = await identityctl(
      env,
      ...['migrate', '--from', 'keycloak', '--in', KEYCLOAK_EXPORT, '--realm', 'legacy'],
      ...['--checkpoint', join(dir, 'legacy.checkpoint'), '--report', join(dir, 'legacy.report')],
    );
    expect(moved.json).to.include({ inserted: 4, refused: 0 });
    for (const [user, password, stored] of [
      ['pat1', 'Pat1-Passw0rd!', /^\$pbkdf2-sha1\$i=1300000,l=64\$/],
      ['pat256', 'Pat256-Passw0rd!', /^\$pbkdf2-sha256\$i=600000,l=32\$/],
      ['pat512', 'Pat512-Passw0rd!', /^\$pbkdf2-sha512\$i=210000,l=64\$/],
      ['argo', 'Argo-Passw0rd!', /^\$argon2id\$v=19\$m=7168,t=3,p=1\$/],
    ] as const) {
      expect(await hashOf(user)).to.match(stored);
      expect((await signIn(user, `${password}?`)).url, `${user}, wrong`).to.not.match(/callback/);
      const landed = await signIn(user, password);
      expect(landed.url, `${user}: ${landed.html}`).to.match(/callback\?code=/);
      expect(await hashOf(user), user).to.match(OURS);
    }
  });

  it('joins an Auth0 user export to its password hash export, as JSON lines or gzipped CSV', async () => {
    const github = (await buildIdp(service, { orgId })).idpId;
    const hashes = join(dir, 'hashes.ndjson');
    const line = (id: string, extra: object = {}) =>
      JSON.stringify({
        _id: { $oid: id },
        email: `${id}@zero.example`,
        passwordHash: BCRYPT.encoded,
        connection: 'Username-Password-Authentication',
        ...extra,
      });
    await writeFile(
      hashes,
      [line('a0one'), line('5dea9f9c82dd7c0e76e4ec93', { alt_id: 'euclid' }), line('a0csv')].join(
        '\n',
      ),
    );
    const users = join(dir, 'users.json');
    await writeFile(
      users,
      [
        {
          user_id: 'auth0|a0one',
          email: 'one@zero.example',
          email_verified: true,
          name: 'Ann One',
        },
        {
          user_id: 'auth0|euclid',
          email: 'euclid@zero.example',
          given_name: 'Eu',
          family_name: 'Clid',
          locale: 'fr',
        },
        { user_id: 'auth0|a0blocked', email: 'blocked@zero.example', blocked: true },
        {
          user_id: 'github|77',
          email: 'gh@zero.example',
          nickname: 'octo',
          identities: [{ provider: 'github', connection: 'github', user_id: 77, isSocial: true }],
        },
      ]
        .map((user) => JSON.stringify(user))
        .join('\n'),
    );
    const idp = ['--idp', `github=${github}`];
    const moved = await identityctl(
      env,
      ...['migrate', '--from', 'auth0', '--in', users, '--hashes', hashes, ...idp],
    );
    expect(moved.code, moved.stderr).to.equal(0);
    expect(moved.json).to.include({ inserted: 4, refused: 0, deactivated: 1 });
    expect((await reportOf(`${users}.report.ndjson`)).map((r) => r.message)).to.deep.equal([
      'imported deactivated: blocked in Auth0',
    ]);
    const [blocked] = await service.dataSource.query(
      'SELECT state FROM users WHERE org_id = ? AND user_name = ?',
      [orgId, 'blocked@zero.example'],
    );
    expect(blocked.state).to.equal('inactive');
    for (const name of ['one@zero.example', 'euclid@zero.example']) {
      const landed = await signIn(name, BCRYPT.password);
      expect(landed.url, `${name}: ${landed.html}`).to.match(/callback\?code=/);
    }
    const [gh] = await service.dataSource.query(
      `SELECT u.password_hash AS hash, u.first_name AS first, l.external_user_id AS linked
         FROM users u JOIN user_idp_links l ON l.user_id = u.id WHERE u.external_id = 'github|77'`,
    );
    expect(gh).to.deep.equal({ hash: null, first: 'octo', linked: '77' });

    // The CSV export: each string after a single quote, identities as indexed columns.
    const csv = join(dir, 'users.csv.gz');
    await writeFile(
      csv,
      gzipSync(
        [
          'user_id,email,email_verified,given_name,family_name,identities[0].connection,identities[0].user_id',
          `"'auth0|a0csv","'csv@zero.example",true,"'Cee","'Esvee",,`,
          `"'auth0|a0broken","'broken@zero.example,true`,
        ].join('\n'),
      ),
    );
    const fromCsv = await identityctl(
      env,
      ...['migrate', '--from', 'auth0', '--in', csv, '--hashes', hashes],
    );
    expect(fromCsv.json).to.include({ inserted: 1, refused: 1 });
    expect((await signIn('csv@zero.example', BCRYPT.password)).url).to.match(/callback\?code=/);
  });

  it('imports every good record of a bad export and reports every bad one at its place', async () => {
    const user = (n: number, extra: object = {}) => ({
      externalId: `bad:${n}`,
      userName: `bad-${n}`,
      profile: { firstName: 'Bad', lastName: `Record ${n}` },
      email: { email: `bad-${n}@example.com` },
      hashedPassword: { value: BCRYPT.encoded },
      ...extra,
    });
    const lines = [
      JSON.stringify(user(1)),
      '{"externalId": "bad:2", "userName": ',
      JSON.stringify(user(3, { hashedPassword: { value: '{MD5}X03MO1qnZdYdgyfeuILPmQ==' } })),
      JSON.stringify(user(4, { userName: 'bad-1' })),
      JSON.stringify(user(5, { profile: { firstName: 'x'.repeat(201), lastName: 'Long' } })),
      JSON.stringify(user(6, { profile: { firstName: 'Huge', lastName: 'y'.repeat(1_000_000) } })),
      '[1, 2, 3]',
      JSON.stringify(user(8)),
    ];
    const file = join(dir, 'bad.ndjson');
    await writeFile(file, `${lines.join('\n')}\n`);
    const moved = await identityctl(env, 'migrate', '--from', 'identity', '--in', file);
    expect(moved.code, moved.stderr).to.equal(0);
    expect(moved.json).to.include({ inserted: 2, refused: 6 });
    expect(
      (await reportOf(`${file}.report.ndjson`)).map(({ position, errorId }) => [position, errorId]),
    ).to.deep.equal([
      [2, 'SOURCE-UNREADABLE'],
      [3, 'REQUEST-INVALID'],
      [4, 'USER-ALREADY-EXISTS'],
      [5, 'REQUEST-INVALID'],
      [6, 'SOURCE-TOO-LARGE'],
      [7, 'SOURCE-UNREADABLE'],
    ]);
    const made = await service.dataSource.query(
      `SELECT external_id AS id FROM users WHERE org_id = ? AND external_id LIKE 'bad:%' ORDER BY 1`,
      [orgId],
    );
    expect(made.map((row: { id: string }) => row.id)).to.deep.equal(['bad:1', 'bad:8']);
  });
});
