import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityctl, identityctlEnv } from '../support/identityctl.js';
import { buildIdp, buildOwner, buildProject, buildUser } from '../support/factories.js';
import { solidPng } from '../support/images.js';
import { TestService } from '../support/test-service.js';

/**
 * `identityctl call`: the ManagementService's operations for scripts, with the API's checks,
 * writes and events, run against the database as an operator.
 */
describe('identityctl call', () => {
  let service: TestService;
  let env: Record<string, string>;
  let dir: string;

  before(async () => {
    service = await TestService.start();
    // The service's key: OTP secrets imported here are sealed, and exported, with it.
    env = {
      ...identityctlEnv(service),
      SECRETS_ENCRYPTION_KEY: service.config.secretsEncryptionKey!.toString('base64'),
    };
    dir = await mkdtemp(join(tmpdir(), 'identityctl-call-'));
  });
  after(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (operation: string, orgId: string, body: object) =>
    identityctl(env, 'call', operation, '--org', orgId, '--body', JSON.stringify(body));

  it('adds a role, grants it to a user and takes it back, with the events an API call records', async () => {
    const { orgId } = await buildOwner(service);
    const { projectId } = await buildProject(service, { orgId });
    const { userId } = await buildUser(service, { orgId });
    const role = await call('AddProjectRole', orgId, {
      projectId,
      roleKey: 'keeper',
      displayName: 'Keeper',
    });
    expect(role.code, role.stderr).to.equal(0);
    expect(role.json.details.resourceOwner).to.equal(orgId);
    const grant = await call('AddUserGrant', orgId, { userId, projectId, roleKeys: ['keeper'] });
    expect(grant.code, grant.stderr).to.equal(0);
    const [row] = await service.dataSource.query('SELECT role_keys FROM user_grants WHERE id = ?', [
      grant.json.userGrantId,
    ]);
    expect(
      typeof row.role_keys === 'string' ? JSON.parse(row.role_keys) : row.role_keys,
    ).to.deep.equal(['keeper']);
    const removed = await call('RemoveProjectRole', orgId, { projectId, roleKey: 'keeper' });
    expect(removed.code, removed.stderr).to.equal(0);
    expect((await service.events(userId)).map((event) => event.type)).to.include.members([
      'user.grant.added',
      'user.grant.changed',
    ]);
    expect((await service.events(projectId)).map((event) => event.type)).to.include.members([
      'project.role.added',
      'project.role.removed',
    ]);
  });

  it('sets a label policy with a logo from a file', async () => {
    const { orgId } = await buildOwner(service);
    const logo = solidPng('#336699');
    const file = join(dir, 'policy.json');
    await writeFile(
      file,
      JSON.stringify({ primaryColor: '#336699', logo: logo.toString('base64') }),
    );
    const set = await identityctl(
      env,
      'call',
      'SetLabelPolicy',
      '--org',
      orgId,
      '--body-file',
      file,
    );
    expect(set.code, set.stderr).to.equal(0);
    const [row] = await service.dataSource.query(
      'SELECT primary_color, logo FROM label_policies WHERE owner_id = ?',
      [orgId],
    );
    expect(row.primary_color).to.equal('#336699');
    expect(Buffer.from(row.logo).equals(logo)).to.equal(true);
  });

  it('asks for the initialization emails of an organization’s users not yet activated, in waves', async () => {
    const owner = await buildOwner(service);
    const users = ['quiet-1', 'quiet-2', 'active'].map((name) => ({
      userName: `${name}-${owner.orgId}`,
      profile: { firstName: 'Q', lastName: 'Uiet' },
      email: { email: `${name}@example.com`, isEmailVerified: name === 'active' },
      ...(name === 'active' && { password: 'Sup3r-secret!' }),
    }));
    const imported = await call('ImportHumanUsers', owner.orgId, {
      users,
      sendInitializationEmail: false,
    });
    expect(imported.code, imported.stderr).to.equal(0);
    const sent = await identityctl(
      env,
      'user',
      'resend-init',
      '--org',
      owner.orgId,
      '--rate',
      '50',
    );
    expect(sent.code, sent.stderr).to.equal(0);
    // The two not yet activated, and the owner (imported with an unverified email).
    expect(sent.json).to.deep.equal({ orgId: owner.orgId, requested: 3 });
    const [quiet, , active] = imported.json.results as { userId: string }[];
    const typesOf = async (userId: string) =>
      (await service.events(userId)).map((event) => event.type);
    expect(await typesOf(quiet!.userId)).to.include('user.human.init.code.requested');
    expect(await typesOf(active!.userId)).to.not.include('user.human.init.code.requested');
    const both = await identityctl(env, 'user', 'resend-init', '--user', 'u', '--org', owner.orgId);
    expect(both.code).to.equal(2);
    expect(both.stderr).to.contain('give either --user or --org');
  });

  it('exports an organization’s users as import requests that make them again elsewhere', async () => {
    const owner = await buildOwner(service);
    const { idpId } = await buildIdp(service, { orgId: owner.orgId });
    const alice = {
      userName: `export-alice-${owner.orgId}`,
      externalId: 'kc:alice',
      profile: { firstName: 'Alice', lastName: 'Liddell', preferredLanguage: 'de-CH' },
      email: { email: 'alice@example.com', isEmailVerified: true },
      phone: { phone: '+41791234567', isPhoneVerified: true },
      hashedPassword: { value: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy' },
      otpCode: 'JBSWY3DPEHPK3PXP',
      idps: [{ configId: idpId, externalUserId: 'alice@idp', displayName: 'Alice' }],
    };
    const made = await call('ImportHumanUser', owner.orgId, alice);
    expect(made.code, made.stderr).to.equal(0);
    const plain = join(dir, 'plain.ndjson');
    const secret = join(dir, 'secret.ndjson');
    const exported = await identityctl(env, 'export', '--org', owner.orgId, '--out', plain);
    expect(exported.json).to.deep.equal({ orgId: owner.orgId, users: 2, out: plain });
    await identityctl(env, 'export', '--org', owner.orgId, '--out', secret, '--include-secrets');
    const lines = async (file: string) =>
      (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const [withoutSecret] = (await lines(plain)).filter((line) => line.externalId === 'kc:alice');
    expect(withoutSecret).to.not.have.property('otpCode');
    const [line] = (await lines(secret)).filter((user) => user.externalId === 'kc:alice');
    expect(line).to.deep.include({
      ...alice,
      profile: { ...alice.profile, displayName: 'Alice Liddell', gender: 'GENDER_UNSPECIFIED' },
    });
    expect(line).to.include.keys('userId', 'state', 'creationDate');

    // Into another organization: the request as exported, its own name, and no identity provider.
    const elsewhere = await buildOwner(service);
    const { userId: _id, state: _state, creationDate: _created, idps: _idps, ...request } = line!;
    const again = await call('ImportHumanUser', elsewhere.orgId, {
      ...request,
      userName: `again-${elsewhere.orgId}`,
    });
    expect(again.code, again.stderr).to.equal(0);
    const [row] = await service.dataSource.query(
      'SELECT password_hash, phone, external_id FROM users WHERE id = ?',
      [again.json.userId],
    );
    expect(row).to.deep.equal({
      password_hash: alice.hashedPassword.value,
      phone: '+41791234567',
      external_id: 'kc:alice',
    });
  });

  it('refuses what the API refuses, and what it cannot call, saying why', async () => {
    const { orgId } = await buildOwner(service);
    const { projectId } = await buildProject(service, { orgId });
    const refusals: [string[], number, string][] = [
      [
        [
          'call',
          'AddProjectRole',
          '--org',
          orgId,
          '--body',
          JSON.stringify({ projectId, roleKey: 'a b', displayName: 'x' }),
        ],
        1,
        '; roleKey: must be a role key without white space',
      ],
      [
        [
          'call',
          'RemoveProjectRole',
          '--org',
          orgId,
          '--body',
          JSON.stringify({ projectId, roleKey: 'none' }),
        ],
        1,
        'PROJECT-ROLE-NOT-FOUND',
      ],
      [['call', 'AddProjectRole', '--org', 'nowhere', '--body', '{}'], 1, 'nowhere'],
      [['call', 'UpdateMyProfile', '--org', orgId], 2, 'unknown operation "UpdateMyProfile"'],
      [
        ['call', 'AddProjectRole', '--org', orgId, '--body', '{'],
        2,
        'the request body is not JSON',
      ],
      [['call', '--org', orgId], 2, 'unknown operation ""'],
    ];
    for (const [args, code, said] of refusals) {
      const refused = await identityctl(env, ...args);
      expect(refused.code, args.join(' ')).to.equal(code);
      expect(refused.stderr, args.join(' ')).to.contain(said);
    }
  });
});
