import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '../support/database.js';
import { TestService } from '../support/test-service.js';

const CLI = join(process.cwd(), 'dist/services/api/cli/identityctl.js');

async function identityctl(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; json?: any; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [CLI, ...args], {
      env: { PATH: process.env.PATH!, ...env },
    });
    return { code: 0, json: JSON.parse(stdout), stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('identityctl', () => {
  let service: TestService;
  let env: Record<string, string>;

  before(async () => {
    service = await TestService.start();
    env = {
      DATABASE_URL: service.config.databaseUrl!,
      JWT_SIGNING_KEY_FILE: service.config.auth.signingKeyFile!,
      PUBLIC_URL: service.config.publicUrl,
    };
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

    const { userId } = await service.member(org.orgId);
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
    const noKey = await identityctl(
      { DATABASE_URL: service.config.databaseUrl! },
      'token',
      'issue',
      '--user',
      'u',
    );
    expect(noKey.code).to.equal(1);
    expect(noKey.stderr).to.contain('JWT_SIGNING_KEY_FILE');
    const unknown = await identityctl(env, 'user', 'delete');
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.contain('unknown command "user delete"');
    const missing = await identityctl(env, 'org', 'create');
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.contain('--name is required');
    const badRole = await identityctl(
      env,
      'member',
      'add',
      '--org',
      'x',
      '--user',
      'y',
      '--role',
      'GOD',
    );
    expect(badRole.code).to.equal(1);
    expect(badRole.stderr).to.contain('role must be one of');
    const migrated = await identityctl(env, 'migrate');
    expect(migrated.json).to.deep.equal({ applied: [] });
  });
});
