import { expect } from 'chai';
import { inBatchedTransaction } from '../../shared/db/batched-transaction.js';
import { Project } from '../../shared/db/entities/project.entity.js';
import { TestService } from '../support/test-service.js';
import { buildIdp, buildOwner, buildProject } from '../support/factories.js';

/**
 * An operation that fails after some of its rows were written leaves no state and no events:
 * the failures here happen inside the transaction, after the events and the user row went in.
 */
describe('a failure part-way through an operation', () => {
  let service: TestService;
  let owner: { orgId: string; token: string };
  const snapshot = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['users', 'events', 'user_idp_links', 'user_codes'])
      counts[table] = await service.count(table);
    return counts;
  };

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
  });
  after(() => service.close());

  it('leaves nothing when the last identity provider link is taken', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const first = await service.importUser(
      {
        userName: 'holder',
        profile: { firstName: 'A', lastName: 'B' },
        email: { email: 'a@example.com' },
        idps: [{ configId: idp, externalUserId: 'taken' }],
      },
      { token: owner.token },
    );
    expect(first.status).to.equal(200);
    const before = await snapshot();
    const response = await service.importUser(
      {
        userName: 'latecomer',
        profile: { firstName: 'A', lastName: 'B' },
        email: { email: 'a@example.com' },
        password: 'Sup3r-secret!',
        requestPasswordlessRegistration: true,
        idps: [
          { configId: idp, externalUserId: 'free' },
          { configId: idp, externalUserId: 'taken' },
        ],
      },
      { token: owner.token },
    );
    expect(response.status).to.equal(409);
    expect(await snapshot()).to.deep.equal(before);
    expect(await service.count('users', 'user_name = ?', ['latecomer'])).to.equal(0);
  });

  it('leaves nothing when the database refuses the last write', async () => {
    const importUnlucky = () =>
      service.importUser(
        {
          userName: 'unlucky',
          profile: { firstName: 'A', lastName: 'B' },
          email: { email: 'a@example.com' },
          requestPasswordlessRegistration: true,
        },
        { token: owner.token },
      );
    await service.dataSource.query(
      `CREATE TRIGGER fail_code_insert BEFORE INSERT ON user_codes FOR EACH ROW
       SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no codes today'`,
    );
    try {
      const before = await snapshot();
      expect((await importUnlucky()).status).to.equal(500);
      expect(await snapshot()).to.deep.equal(before);
    } finally {
      await service.dataSource.query('DROP TRIGGER fail_code_insert');
    }
    expect((await importUnlucky()).status).to.equal(200);
  });

  it('leaves a project and its events as they were when its update fails', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Stable' }))
      .projectId;
    await buildProject(service, { orgId: owner.orgId, name: 'Occupied' });
    const before = await service.events(projectId);
    const response = await service.updateProject(
      projectId,
      { name: 'Occupied', projectRoleCheck: true },
      { token: owner.token },
    );
    expect(response.status).to.equal(409);
    const rows: { name: string; project_role_check: number }[] = await service.dataSource.query(
      'SELECT name, project_role_check FROM projects WHERE id = ?',
      [projectId],
    );
    expect(rows[0]).to.deep.equal({ name: 'Stable', project_role_check: 0 });
    expect((await service.events(projectId)).length).to.equal(before.length);
  });

  it('a BatchedTransaction whose commit failed fails, even when its work went on', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Kept' })).projectId;
    await buildProject(service, { orgId: owner.orgId, name: 'Taken' });
    const before = await service.events(projectId);
    let laterWrite: unknown;
    const outcome = await inBatchedTransaction(service.dataSource, async (transaction) => {
      const [project] = await transaction.find(Project, { id: projectId }, { lock: true });
      transaction.update(Project, { id: projectId }, { name: 'Taken', nameLower: 'taken' });
      transaction.update(Project, { id: project!.id }, { version: project!.version + 1 });
      await transaction.commit().catch(() => undefined); // swallowed: the duplicate name
      try {
        transaction.update(Project, { id: projectId }, { name: 'Other' });
      } catch (error) {
        laterWrite = error;
      }
    }).then(
      () => 'committed',
      (error: { code?: string }) => error.code,
    );
    expect(outcome).to.equal('ER_DUP_ENTRY');
    expect(String(laterWrite)).to.match(/after the commit/);
    const rows: { name: string; version: number }[] = await service.dataSource.query(
      'SELECT name, version FROM projects WHERE id = ?',
      [projectId],
    );
    expect(rows[0]).to.deep.equal({ name: 'Kept', version: before.length });
    // The connection went back to the pool without the transaction: later writes stand alone.
    const again = await service.updateProject(
      projectId,
      { name: 'Kept 2' },
      { token: owner.token },
    );
    expect(again.status).to.equal(200);
    expect((await service.events(projectId)).length).to.equal(before.length + 1);
  });
});
