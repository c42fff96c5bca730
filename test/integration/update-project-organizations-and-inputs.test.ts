import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { addMember } from '../../services/api/admin/organizations.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { changeDetails } from '../support/event-details.js';
import { ALL_SET, projectRow, snapshotProject } from '../support/project-fixtures.js';
import { expectServiceError } from '../support/service-error.js';

// Update Project, continued: which organization a call acts in, and which inputs it refuses.

describeOnEachDatabase('Update Project over HTTP', (service) => {
  let owner: { orgId: string; userId: string; token: string };

  const project = (projectId: string) => projectRow(service, projectId);
  const snapshot = (projectId: string) => snapshotProject(service, projectId);

  /** Sends an update that must be refused as invalid and checks the project is untouched. */
  async function expectInvalid(body: unknown, fields: string[]): Promise<void> {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const unchanged = await snapshot(projectId);
    const response = await service.updateProject(projectId, body, { token: owner.token });
    expectServiceError(response, { status: 400, code: 3, fields });
    await unchanged();
  }

  before(async () => {
    owner = await buildOwner(service);
  });

  it('updates a project of the organization named by x-service-orgid', async () => {
    const other = await buildOwner(service);
    await addMember(service.dataSource, {
      orgId: other.orgId,
      userId: owner.userId,
      role: 'ORG_OWNER',
    });
    const foreignId = (await buildProject(service, { orgId: other.orgId, name: 'Theirs' }))
      .projectId;

    // Without the header the target is the caller's own organization, where it does not exist.
    const ownOrg = await service.updateProject(foreignId, ALL_SET, { token: owner.token });
    expectServiceError(ownOrg, { status: 404, code: 5, id: 'PROJECT-NOT-FOUND' });

    const response = await service.updateProject(foreignId, ALL_SET, {
      token: owner.token,
      orgId: other.orgId,
    });

    expect(response.status).to.equal(200);
    const event = (await service.events(foreignId)).at(-1)!;
    expect(event.type).to.equal('project.changed');
    expect(event.orgId).to.equal(other.orgId);
    expect(response.body).to.deep.equal({ details: changeDetails(event, other.orgId) });
    expect(await project(foreignId)).to.include({ ...ALL_SET, orgId: other.orgId });

    // A project of the caller's own organization is not found in the other one.
    const ownId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const crossed = await service.updateProject(ownId, ALL_SET, {
      token: owner.token,
      orgId: other.orgId,
    });
    expectServiceError(crossed, { status: 404, code: 5, id: 'PROJECT-NOT-FOUND' });
  });

  it('refuses an organization where the caller has no permission', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId })).projectId;
    const unchanged = await snapshot(foreignId);
    const response = await service.updateProject(foreignId, ALL_SET, {
      token: owner.token,
      orgId: other.orgId,
    });
    expectServiceError(response, { status: 403, code: 7, id: 'AUTH-PERMISSION-DENIED' });
    await unchanged();
  });

  it('refuses an id in the body', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const unchanged = await snapshot(projectId);
    for (const id of [projectId, randomUUID()]) {
      const response = await service.updateProject(
        projectId,
        { ...ALL_SET, id },
        { token: owner.token },
      );
      const violations = expectServiceError(response, { status: 400, code: 3, fields: ['id'] });
      expect(violations.map((violation) => violation.field)).to.deep.equal(['id']);
      await unchanged();
    }
  });

  it('refuses a missing, empty, blank or over-long name and accepts 200 characters', async () => {
    const { name: _name, ...withoutName } = ALL_SET;
    await expectInvalid(withoutName, ['name']);
    await expectInvalid({ ...ALL_SET, name: '' }, ['name']);
    await expectInvalid({ ...ALL_SET, name: ' \t ' }, ['name']);
    await expectInvalid({ ...ALL_SET, name: 'n'.repeat(201) }, ['name']);
    await expectInvalid({ ...ALL_SET, name: 42 }, ['name']);

    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const longest = 'N'.repeat(200);
    const response = await service.updateProject(
      projectId,
      { name: longest },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    expect((await project(projectId)).name).to.equal(longest);
  });

  it('accepts a 200-character name whose lower case is longer, and keeps it unique', async () => {
    // 'İ' (U+0130) lower-cases to two code points, 'i' + U+0307.
    const name = 'İ'.repeat(200);
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const response = await service.updateProject(projectId, { name }, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect((await project(projectId)).name).to.equal(name);

    const otherId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const taken = await service.updateProject(otherId, { name }, { token: owner.token });
    expectServiceError(taken, { status: 409, code: 6, id: 'PROJECT-NAME-ALREADY-EXISTS' });
  });

  it('refuses a privateLabelingSetting that is not one of the enum names', async () => {
    await expectInvalid({ ...ALL_SET, privateLabelingSetting: 'PRIVATE_LABELING_SETTING_NONE' }, [
      'privateLabelingSetting',
    ]);
    await expectInvalid({ ...ALL_SET, privateLabelingSetting: 1 }, ['privateLabelingSetting']);
  });

  it('refuses non-boolean flags and unknown fields, naming each', async () => {
    await expectInvalid({ ...ALL_SET, projectRoleCheck: 'true', hasProjectCheck: 1 }, [
      'projectRoleCheck',
      'hasProjectCheck',
    ]);
    await expectInvalid({ ...ALL_SET, description: 'x' }, ['description']);
  });
});
