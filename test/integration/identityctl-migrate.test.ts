import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityctl, identityctlEnv } from '../support/identityctl.js';
import { buildOwner } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { TestService } from '../support/test-service.js';
import { authorization, publicUrlEnv, relyingParty } from '../support/relying-party.js';
import { SignInBrowser } from '../support/sign-in-flow.js';

const CLI = join(process.cwd(), 'dist/services/api/cli/identityctl.js');
const BCRYPT = '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy';
const MAP = [
  ['id', 'externalId'],
  ['login', 'userName'],
  ['mail', 'email'],
  ['verified', 'emailVerified'],
  ['first', 'firstName'],
  ['last', 'lastName'],
  ['hash', 'passwordHash'],
].flatMap(([column, field]) => ['--map', `${column}=${field}`]);

/** A CSV export of `rows` users, a run's own, with three bad ones among the first rows. */
function csv(run: string, rows: number): string {
  const lines = ['id,login,mail,verified,first,last,hash'];
  for (let i = 1; i <= rows; i++) {
    const login = i === 7 ? `${run}-u5` : `${run}-u${i}`;
    const mail = i === 3 ? '' : `${run}-u${i}@example.com`;
    const hash = i === 4 ? '$2b$10$short' : BCRYPT;
    lines.push(`${run}:${i},${login},${mail},${i % 2 ? 'true' : 'false'},"Ann, ${i}",Lee,${hash}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `identityctl migrate`: an export streamed to ImportHumanUsers over the API, every refusal in
 * the report at its place, resumable after a SIGKILL with no user made twice.
 */
describe('identityctl migrate', function () {
  this.timeout(180_000);
  let service: TestService;
  let dir: string;
  let env: Record<string, string>;
  let orgId: string;

  before(async () => {
    // PUBLIC_URL where it listens: the migrated users sign in through its provider.
    service = await TestService.start(await publicUrlEnv());
    dir = await mkdtemp(join(tmpdir(), 'identityctl-migrate-'));
    const owner = await buildOwner(service);
    orgId = owner.orgId;
    env = { API_URL: service.api.url, TOKEN: owner.token };
  });
  after(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  const usersOf = (run: string) =>
    service.count('users', 'org_id = ? AND external_id LIKE ?', [orgId, `${run}:%`]);

  it('imports a CSV export, reports each bad row at its place, and finds the rest again', async () => {
    const file = join(dir, 'a.csv');
    await writeFile(file, csv('a', 2500));
    const args = ['migrate', '--from', 'csv', '--in', file, ...MAP, '--batch-size', '500'];
    const dry = await identityctl(env, ...args, '--dry-run');
    expect(existsSync(`${file}.checkpoint.json`), 'no checkpoint from a dry run').to.equal(false);
    expect(dry.json).to.include({ inserted: 2498, refused: 2 });
    expect(await usersOf('a')).to.equal(0);

    const first = await identityctl(env, ...args);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.json).to.include({ inserted: 2497, alreadyThere: 0, refused: 3, resumedAfter: 0 });
    const report = (await readFile(`${file}.report.ndjson`, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(report.map(({ position, errorId }) => [position, errorId])).to.deep.equal([
      [3, 'REQUEST-INVALID'],
      [4, 'REQUEST-INVALID'],
      [7, 'USER-ALREADY-EXISTS'],
    ]);
    expect(report[0]).to.include({ file, userName: 'a-u3', externalId: 'a:3' });
    expect(await usersOf('a')).to.equal(2497);

    // Done, as the checkpoint says; without it, every user is found by its externalId.
    expect((await identityctl(env, ...args)).json).to.include({ inserted: 0, resumedAfter: 2500 });
    await rm(`${file}.checkpoint.json`);
    const again = await identityctl(env, ...args);
    expect(again.json).to.include({ inserted: 0, alreadyThere: 2497, refused: 3 });
    expect(await usersOf('a')).to.equal(2497);
  });

  it('resumes a run killed with SIGKILL three times at random points, making every user exactly once', async () => {
    const file = join(dir, 'b.csv');
    await writeFile(file, csv('b', 6000));
    const args = [
      'migrate',
      '--from',
      'csv',
      '--in',
      file,
      ...MAP,
      '--batch-size',
      '100',
      '--in-flight',
      '2',
    ];
    for (let kill = 0; kill < 3; kill++) {
      const child = spawn('node', [CLI, ...args], {
        env: { PATH: process.env.PATH!, ...env },
        stdio: 'ignore',
      });
      const checkpoint = `${file}.checkpoint.json`;
      const before = existsSync(checkpoint)
        ? JSON.parse(await readFile(checkpoint, 'utf8')).done
        : 0;
      await pollUntil(
        async () =>
          existsSync(checkpoint) ? JSON.parse(await readFile(checkpoint, 'utf8')).done : 0,
        (done: number) => done > before + 200 + Math.floor(Math.random() * 800),
        60_000,
        20,
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const resumed = await identityctl(env, ...args);
    expect(resumed.code, resumed.stderr).to.equal(0);
    expect(resumed.json.resumedAfter).to.be.above(1000);
    expect(await usersOf('b')).to.equal(5997);
    const [{ n }] = await service.dataSource.query(
      `SELECT COUNT(DISTINCT external_id) AS n FROM users WHERE org_id = ? AND external_id LIKE 'b:%'`,
      [orgId],
    );
    expect(Number(n)).to.equal(5997);
    const [{ added }] = await service.dataSource.query(
      `SELECT COUNT(*) AS added FROM events e JOIN users u ON u.id = e.aggregate_id
        WHERE u.external_id LIKE 'b:%' AND e.type = 'user.human.added'`,
    );
    expect(Number(added), 'one user.human.added per user').to.equal(5997);
    const twice = await service.dataSource.query(
      `SELECT e.aggregate_id FROM events e JOIN users u ON u.id = e.aggregate_id
        WHERE u.external_id LIKE 'b:%' GROUP BY e.aggregate_id, e.type HAVING COUNT(*) > 1`,
    );
    expect(twice, 'no event of a user twice').to.deep.equal([]);
  });

  it('imports a Firebase export, whose users then sign in with their Firebase passwords', async () => {
    const hash =
      'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';
    const urlSafe = (text: string) =>
      text.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    const user = (id: string, extra: object) => ({
      localId: `fb-${id}`,
      email: `${id}@fire.example`,
      emailVerified: true,
      displayName: `Fire ${id} Base`,
      ...extra,
    });
    const file = join(dir, 'firebase.json');
    await writeFile(
      file,
      JSON.stringify({
        users: [
          user('cli', { passwordHash: hash, salt: '42xEC+ixf3L2lw==' }),
          user('sdk', { passwordHash: urlSafe(hash), salt: urlSafe('42xEC+ixf3L2lw==') }),
          user('off', { disabled: true }),
          { localId: 'fb-phone', phoneNumber: '+41791234567' },
          user('plain', { providerUserInfo: [{ providerId: 'google.com', rawId: 'g-1' }] }),
        ],
      }),
    );
    const migrated = await identityctl(
      env,
      'migrate',
      '--from',
      'firebase',
      '--in',
      file,
      '--hash-key',
      'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
      '--salt-separator',
      'Bw==',
      '--rounds',
      '8',
      '--mem-cost',
      '14',
    );
    expect(migrated.code, migrated.stderr).to.equal(0);
    expect(migrated.json).to.include({ inserted: 4, refused: 1, deactivated: 1 });
    const report = (await readFile(`${file}.report.ndjson`, 'utf8')).trim().split('\n');
    expect(
      report.map((line) => [JSON.parse(line).externalId, JSON.parse(line).message]),
    ).to.deep.include.members([['fb-off', 'imported deactivated: disabled in Firebase']]);
    expect(report.map((line) => JSON.parse(line).externalId)).to.deep.equal(['fb-off', 'fb-phone']);
    const [off] = await service.dataSource.query('SELECT state FROM users WHERE external_id = ?', [
      'fb-off',
    ]);
    expect(off.state).to.equal('inactive');
    const client = await relyingParty(service);
    for (const name of ['cli', 'sdk']) {
      const landed = await new SignInBrowser(service.config.publicUrl).signIn(
        (await authorization(client)).url,
        `${name}@fire.example`,
        'user1password',
      );
      expect(landed.url, `${name}: ${landed.html}`).to.match(/callback\?code=/);
    }
    const [row] = await service.dataSource.query(
      'SELECT first_name, last_name, password_hash FROM users WHERE external_id = ?',
      ['fb-cli'],
    );
    expect(row.first_name).to.equal('Fire');
    expect(row.last_name).to.equal('cli Base');
    expect(row.password_hash, 'upgraded at the sign-in').to.match(/^\$argon2id\$/);
  });

  it('moves our own export into another instance', async () => {
    const target = await TestService.start();
    try {
      const out = join(dir, 'export.ndjson');
      const exported = await identityctl(
        identityctlEnv(service),
        'export',
        '--org',
        orgId,
        '--out',
        out,
      );
      expect(exported.code, exported.stderr).to.equal(0);
      const owner = await buildOwner(target);
      const moved = await identityctl(
        { API_URL: target.api.url, TOKEN: owner.token },
        'migrate',
        '--from',
        'identity',
        '--in',
        out,
      );
      expect(moved.code, moved.stderr).to.equal(0);
      // Every user of the organization, its owner too: the names are free in the other instance.
      expect(moved.json).to.include({ inserted: exported.json.users, refused: 0 });
      // Who could not sign in there (a user disabled in Firebase, above) cannot here either.
      const [{ inactive }] = await service.dataSource.query(
        "SELECT COUNT(*) AS inactive FROM users WHERE org_id = ? AND state <> 'active'",
        [orgId],
      );
      expect(moved.json.deactivated).to.equal(Number(inactive));
      const [{ hash }] = await target.dataSource.query(
        'SELECT password_hash AS hash FROM users WHERE external_id = ?',
        ['a:1'],
      );
      expect(hash).to.equal(BCRYPT);
    } finally {
      await target.close();
    }
  });
});
