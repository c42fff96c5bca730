import { expect } from 'chai';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../support/database.js';
import { identityctl, identityctlEnv } from '../support/identityctl.js';
import { TestService } from '../support/test-service.js';
import { buildMember } from '../support/factories.js';

describe('identityctl', () => {
  let service: TestService;
  let env: Record<string, string>;

  before(async () => {
    service = await TestService.start();
    env = identityctlEnv(service);
  });
  after(() => service.close());

  it('sets up an instance whose admin token works, and finds the same admin when run again', async () => {
    const first = await identityctl(env, 'setup');
    expect(first.code, first.stderr).to.equal(0);
    expect(first.json).to.have.all.keys('orgId', 'userId', 'token', 'created');
    expect(first.json.created).to.equal(true);
    const response = await service.updateMyProfile(
      { firstName: 'Root', lastName: 'Admin', displayName: 'Root' },
      { token: first.json.token },
    );
    expect(response.status).to.equal(200);
    const again = await identityctl(env, 'setup');
    expect(again.json).to.include({
      orgId: first.json.orgId,
      userId: first.json.userId,
      created: false,
    });
    const grants: { org_id: string; role: string }[] = await service.dataSource.query(
      'SELECT org_id, role FROM role_grants WHERE user_id = ?',
      [first.json.userId],
    );
    expect(grants).to.deep.equal([{ org_id: '', role: 'IAM_OWNER' }]);
  });

  it('setup creates the database and a signing key when they are missing', async () => {
    const database = await createTestDatabase();
    await database.drop();
    const dir = await mkdtemp(join(tmpdir(), 'identityctl-'));
    try {
      const keyFile = join(dir, 'keys', 'signing.json');
      const result = await identityctl(
        { DATABASE_URL: database.url, JWT_SIGNING_KEY_FILE: keyFile },
        'setup',
      );
      expect(result.code, result.stderr).to.equal(0);
      expect(result.json.token).to.be.a('string');
      expect((await stat(keyFile)).mode & 0o777).to.equal(0o600);
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('creates organizations, projects, identity providers and members, printing JSON', async () => {
    const created = await identityctl(env, 'org', 'create', '--name', 'Acme');
    expect(created.code, created.stderr).to.equal(0);
    const org = created.json;
    const { json: project } = await identityctl(
      env,
      'project',
      'create',
      '--org',
      org.orgId,
      '--name',
      'Rocket',
    );
    const { json: idp } = await identityctl(
      env,
      'idp',
      'create',
      '--org',
      org.orgId,
      '--name',
      'Corporate SSO',
    );
    expect(
      await service.count('organizations', 'id = ? AND name = ?', [org.orgId, 'Acme']),
    ).to.equal(1);
    expect(
      await service.count('projects', 'id = ? AND org_id = ? AND name = ?', [
        project.projectId,
        org.orgId,
        'Rocket',
      ]),
    ).to.equal(1);
    expect((await service.events(project.projectId)).map((event) => event.type)).to.deep.equal([
      'project.added',
    ]);
    expect(
      await service.count('idp_configs', 'id = ? AND org_id = ?', [idp.idpId, org.orgId]),
    ).to.equal(1);

    const { userId } = await buildMember(service, { orgId: org.orgId });
    const member = await identityctl(
      env,
      'member',
      'add',
      '--org',
      org.orgId,
      '--user',
      userId,
      '--role',
      'ORG_PROJECT_OWNER',
    );
    expect(member.json).to.deep.equal({ userId, orgId: org.orgId, role: 'ORG_PROJECT_OWNER' });
    const { json: issued } = await identityctl(
      env,
      'token',
      'issue',
      '--user',
      userId,
      '--ttl',
      '120',
    );
    const updated = await service.updateProject(
      project.projectId,
      { name: 'Rocket 2' },
      { token: issued.token },
    );
    expect(updated.status).to.equal(200);
  });

  it('refuses what it cannot do, on stderr with a non-zero exit', async () => {
    const refusals: [Record<string, string>, string[], number, string][] = [
      [
        { DATABASE_URL: service.config.databaseUrl! },
        ['token', 'issue', '--user', 'u'],
        1,
        'JWT_SIGNING_KEY_FILE',
      ],
      [env, ['user', 'delete'], 2, 'unknown command "user delete"'],
      [env, ['org', 'create'], 2, '--name is required'],
      // Made in the test above: the name, in any case, is taken (the handler's refusal).
      [env, ['org', 'create', '--name', ' ACME '], 1, 'ORG-NAME-ALREADY-EXISTS: '],
      [
        env,
        ['member', 'add', '--org', 'x', '--user', 'y', '--role', 'GOD'],
        1,
        'role must be one of',
      ],
    ];
    for (const [withEnv, args, code, said] of refusals) {
      const refused = await identityctl(withEnv, ...args);
      expect(refused.code, args.join(' ')).to.equal(code);
      expect(refused.stderr).to.contain(said);
    }
    const migrated = await identityctl(env, 'migrate');
    expect(migrated.json).to.deep.equal({ applied: [] });
  });

  it('prints the usage on stdout and exits 0 when asked for help', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const asked = await identityctl({}, ...args);
      expect(asked.code, args[0]).to.equal(0);
      expect(asked.stdout).to.match(/^usage: identityctl <command>/);
      expect(asked.stdout).to.contain('token issue --user USER_ID');
      expect(asked.stderr).to.equal('');
    }
    for (const args of [
      ['org', 'create', '--help'],
      ['help', 'org', 'create'],
    ]) {
      const asked = await identityctl({}, ...args);
      expect(asked.code, args.join(' ')).to.equal(0);
      expect(asked.stdout).to.match(/^usage: identityctl org create --name NAME\n/);
    }
  });

  it('issues tokens only for active users', async () => {
    const nobody = '0190a000-0000-7000-8000-000000000000';
    const unknown = await identityctl(env, 'token', 'issue', '--user', nobody);
    expect(unknown.code).to.equal(1);
    expect(unknown.stdout).to.equal('');
    expect(unknown.stderr).to.equal(`identityctl: no user ${nobody}\n`);

    const { userId } = await buildMember(service);
    await service.dataSource.query("UPDATE users SET state = 'inactive' WHERE id = ?", [userId]);
    const inactive = await identityctl(env, 'token', 'issue', '--user', userId);
    expect(inactive.code).to.equal(1);
    expect(inactive.stderr).to.contain(`user ${userId} is not active`);
  });

  it('refuses a missing, unknown or valueless option before it opens the database', async () => {
    // Unreachable: a refusal after connecting would say so instead.
    const away = { ...env, DATABASE_URL: 'mysql://root@127.0.0.1:1/none' };
    const cases: [string[], string][] = [
      [['org', 'create'], '--name is required'],
      [['org', 'create', '--name', 'Acme', '--bogus'], 'unknown option --bogus'],
      [
        ['org', 'create', '--name', 'Acme', '--user', 'u'],
        'unknown option --user for "org create"',
      ],
      [['project', 'create', '--org'], '--org needs a value'],
      [
        ['token', 'issue', '--user', 'u', '--ttl', 'soon'],
        '--ttl must be a whole number of seconds',
      ],
    ];
    for (const [args, message] of cases) {
      const refused = await identityctl(away, ...args);
      expect(refused.code, args.join(' ')).to.equal(2);
      expect(refused.stderr.split('\n')[0]).to.equal(`identityctl: ${message}`);
      expect(refused.stderr).to.contain('usage: identityctl');
    }
    const badRole = await identityctl(away, 'member', 'add', '--user', 'u', '--role', 'GOD');
    expect(badRole.code).to.equal(1);
    expect(badRole.stderr).to.contain('role must be one of');
  });
});

describe('identityctl on the embedded database while the service has it open', function () {
  this.timeout(60_000);
  let service: TestService;
  let env: Record<string, string>;

  before(async () => {
    service = await TestService.start({ DATABASE_URL: '' });
    env = {
      DATA_DIR: service.config.dataDir,
      JWT_SIGNING_KEY_FILE: service.config.auth.signingKeyFile!,
      PUBLIC_URL: service.config.publicUrl,
      SECRETS_ENCRYPTION_KEY: service.config.secretsEncryptionKey!.toString('base64'),
    };
  });
  after(() => service.close());

  it('reports a missing option as such, not as the lock', async () => {
    const missing = await identityctl(env, 'org', 'create');
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/^identityctl: --name is required\n/);
    const locked = await identityctl(env, 'org', 'create', '--name', 'Acme');
    expect(locked.code).to.equal(1);
    expect(locked.stderr).to.contain(`is open in process ${process.pid}`);
  });

  it('issues a token for a user of the running service, and none for an unknown one', async () => {
    const { userId } = await buildMember(service);
    const issued = await identityctl(env, 'token', 'issue', '--user', userId);
    expect(issued.code, issued.stderr).to.equal(0);
    const response = await service.updateMyProfile(
      { firstName: 'Token', lastName: 'Holder', displayName: 'Token' },
      { token: issued.json.token },
    );
    expect(response.status).to.equal(200);
    const unknown = await identityctl(env, 'token', 'issue', '--user', 'nobody');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.equal('identityctl: no user nobody\n');
  });
});
