import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Project } from '../../shared/db/entities/index.js';
import { addMember } from '../../services/api/admin/organizations.js';
import { buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const allSet = {
  name: 'Renamed',
  projectRoleAssertion: true,
  projectRoleCheck: true,
  hasProjectCheck: true,
  privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
};

/** The fields named by the one BadRequest detail of a 400, in any order. */
function violatedFields(body: any): string[] {
  const badRequests = body.details.filter((detail: any) => detail['@type'] === BAD_REQUEST);
  expect(badRequests).to.have.length(1);
  return badRequests[0].fieldViolations.map((violation: { field: string }) => violation.field);
}

describeOnEachDatabase('Update Project over HTTP', (service) => {
  let owner: { orgId: string; userId: string; token: string };

  const project = (projectId: string) =>
    service.dataSource.getRepository(Project).findOneByOrFail({ id: projectId });

  /** Takes a snapshot of a project's row and events, to check later that nothing changed. */
  async function snapshot(projectId: string): Promise<() => Promise<void>> {
    const row = await project(projectId);
    const events = (await service.events(projectId)).length;
    return async () => {
      expect(await project(projectId)).to.deep.equal(row);
      expect(await service.events(projectId)).to.have.length(events);
    };
  }

  /** Sends an update that must be refused as invalid and checks the project is untouched. */
  async function expectInvalid(body: unknown, fields: string[]): Promise<void> {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const unchanged = await snapshot(projectId);
    const response = await service.updateProject(projectId, body, { token: owner.token });
    expect(response.status, JSON.stringify(body)).to.equal(400);
    expect(response.body.code).to.equal(3);
    expect(violatedFields(response.body)).to.have.members(fields);
    expect(response.body.details.at(-1)).to.include({ '@type': ERROR_DETAIL });
    await unchanged();
  }

  function expectError(response: any, status: number, code: number, id: string): void {
    expect(response.status).to.equal(status);
    expect(response.body.code).to.equal(code);
    expect(response.body.message).to.be.a('string').and.have.length.above(0);
    expect(response.body.details.at(-1)).to.deep.include({ '@type': ERROR_DETAIL, id });
  }

  before(async () => {
    owner = await buildOwner(service);
  });

  it('changes the project and answers with the details of the recorded event', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Original' }))
      .projectId;
    const before = await project(projectId);

    const response = await service.updateProject(projectId, allSet, { token: owner.token });

    expect(response.status).to.equal(200);
    const events = await service.events(projectId);
    expect(events.map((event) => event.type)).to.deep.equal(['project.added', 'project.changed']);
    const event = events[1]!;
    expect(event.payload).to.deep.equal(allSet);
    expect(event.aggregateType).to.equal('project');
    expect(event.aggregateVersion).to.equal(events[0]!.aggregateVersion + 1);
    expect(event.orgId).to.equal(owner.orgId);

    expect(response.body).to.deep.equal({
      details: {
        sequence: event.position,
        changeDate: event.createdAt.toISOString(),
        resourceOwner: owner.orgId,
      },
    });
    const { details } = response.body;
    expect(details.sequence).to.match(/^\d+$/);
    expect(BigInt(details.sequence) > BigInt(before.sequence)).to.equal(true);
    expect(details.changeDate).to.match(RFC3339_UTC);
    expect(details).not.to.have.property('creationDate');

    const stored = await project(projectId);
    expect(stored).to.include({ ...allSet, nameLower: 'renamed', orgId: owner.orgId });
    expect(stored.sequence).to.equal(details.sequence);
    expect(stored.changeDate.toISOString()).to.equal(details.changeDate);
    expect(stored.version).to.equal(before.version + 1);
    expect(stored.creationDate.toISOString()).to.equal(before.creationDate.toISOString());
  });

  it('replaces the whole project: omitted booleans are false, the setting unspecified', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Replace me' }))
      .projectId;
    const first = await service.updateProject(
      projectId,
      { ...allSet, name: 'Replace me' },
      { token: owner.token },
    );
    expect(first.status).to.equal(200);

    const response = await service.updateProject(
      projectId,
      { name: 'Replace me' },
      { token: owner.token },
    );

    expect(response.status).to.equal(200);
    const cleared = {
      name: 'Replace me',
      projectRoleAssertion: false,
      projectRoleCheck: false,
      hasProjectCheck: false,
      privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
    };
    expect(await project(projectId)).to.include(cleared);
    const events = await service.events(projectId);
    expect(events).to.have.length(3);
    expect(events[2]!.type).to.equal('project.changed');
    expect(events[2]!.payload).to.deep.equal(cleared);
    expect(response.body.details.sequence).to.equal(events[2]!.position);
  });

  it('trims the name', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const response = await service.updateProject(
      projectId,
      { name: '  Trimmed Name \t' },
      { token: owner.token },
    );
    expect(response.status).to.equal(200);
    expect(await project(projectId)).to.include({
      name: 'Trimmed Name',
      nameLower: 'trimmed name',
    });
    expect((await service.events(projectId)).at(-1)!.payload.name).to.equal('Trimmed Name');

    // Equal once trimmed: no change.
    const again = await service.updateProject(
      projectId,
      { name: ' Trimmed Name' },
      { token: owner.token },
    );
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(response.body);
    expect(await service.events(projectId)).to.have.length(2);
  });

  it('answers an update that changes nothing with the current details and records no event', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Unchanged' }))
      .projectId;
    const current = await project(projectId);
    const unchanged = await snapshot(projectId);

    const response = await service.updateProject(
      projectId,
      {
        name: 'Unchanged',
        projectRoleAssertion: false,
        privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
      },
      { token: owner.token },
    );

    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({
      details: {
        sequence: current.sequence,
        changeDate: current.changeDate.toISOString(),
        resourceOwner: owner.orgId,
      },
    });
    expect(response.body.details.sequence).to.equal((await service.events(projectId))[0]!.position);
    await unchanged();

    // After a real change, repeating it answers with that change's details.
    const change = { ...allSet, name: 'Unchanged' };
    const changed = await service.updateProject(projectId, change, { token: owner.token });
    expect(changed.status).to.equal(200);
    expect(changed.body.details.sequence).not.to.equal(current.sequence);
    const afterChange = await snapshot(projectId);
    const repeated = await service.updateProject(projectId, change, { token: owner.token });
    expect(repeated.status).to.equal(200);
    expect(repeated.body).to.deep.equal(changed.body);
    await afterChange();
  });

  it('answers NOT_FOUND for an unknown project', async () => {
    const events = await service.count('events');
    const response = await service.updateProject(randomUUID(), allSet, { token: owner.token });
    expectError(response, 404, 5, 'PROJECT-NOT-FOUND');
    expect(await service.count('events')).to.equal(events);
  });

  it('answers NOT_FOUND for a project of another organization and leaves it alone', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId, name: 'Foreign' }))
      .projectId;
    const unchanged = await snapshot(foreignId);

    const response = await service.updateProject(foreignId, allSet, { token: owner.token });

    expectError(response, 404, 5, 'PROJECT-NOT-FOUND');
    await unchanged();
  });

  it('refuses a name taken in the same organization, case-insensitively', async () => {
    await buildProject(service, { orgId: owner.orgId, name: 'Taken Name' });
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Free Name' }))
      .projectId;
    const unchanged = await snapshot(projectId);

    for (const name of ['Taken Name', 'taken name', '  TAKEN NAME  ']) {
      const response = await service.updateProject(
        projectId,
        { ...allSet, name },
        { token: owner.token },
      );
      expectError(response, 409, 6, 'PROJECT-NAME-ALREADY-EXISTS');
      await unchanged();
    }

    // Its own name in another case is no conflict.
    const recased = await service.updateProject(
      projectId,
      { name: 'FREE NAME' },
      { token: owner.token },
    );
    expect(recased.status).to.equal(200);
    expect(await project(projectId)).to.include({ name: 'FREE NAME', nameLower: 'free name' });
  });

  it('accepts a name that only another organization uses', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId, name: 'Shared Name' }))
      .projectId;
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;

    const response = await service.updateProject(
      projectId,
      { name: 'shared name' },
      { token: owner.token },
    );

    expect(response.status).to.equal(200);
    expect((await project(projectId)).name).to.equal('shared name');
    expect((await project(foreignId)).name).to.equal('Shared Name');
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
    const ownOrg = await service.updateProject(foreignId, allSet, { token: owner.token });
    expectError(ownOrg, 404, 5, 'PROJECT-NOT-FOUND');

    const response = await service.updateProject(foreignId, allSet, {
      token: owner.token,
      orgId: other.orgId,
    });

    expect(response.status).to.equal(200);
    const event = (await service.events(foreignId)).at(-1)!;
    expect(event.type).to.equal('project.changed');
    expect(event.orgId).to.equal(other.orgId);
    expect(response.body).to.deep.equal({
      details: {
        sequence: event.position,
        changeDate: event.createdAt.toISOString(),
        resourceOwner: other.orgId,
      },
    });
    expect(await project(foreignId)).to.include({ ...allSet, orgId: other.orgId });

    // A project of the caller's own organization is not found in the other one.
    const ownId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const crossed = await service.updateProject(ownId, allSet, {
      token: owner.token,
      orgId: other.orgId,
    });
    expectError(crossed, 404, 5, 'PROJECT-NOT-FOUND');
  });

  it('refuses an organization where the caller has no permission', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId })).projectId;
    const unchanged = await snapshot(foreignId);
    const response = await service.updateProject(foreignId, allSet, {
      token: owner.token,
      orgId: other.orgId,
    });
    expectError(response, 403, 7, 'AUTH-PERMISSION-DENIED');
    await unchanged();
  });

  it('refuses an id in the body', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;
    const unchanged = await snapshot(projectId);
    for (const id of [projectId, randomUUID()]) {
      const response = await service.updateProject(
        projectId,
        { ...allSet, id },
        { token: owner.token },
      );
      expect(response.status).to.equal(400);
      expect(response.body.code).to.equal(3);
      expect(violatedFields(response.body)).to.deep.equal(['id']);
      await unchanged();
    }
  });

  it('refuses a missing, empty, blank or over-long name and accepts 200 characters', async () => {
    const { name: _name, ...withoutName } = allSet;
    await expectInvalid(withoutName, ['name']);
    await expectInvalid({ ...allSet, name: '' }, ['name']);
    await expectInvalid({ ...allSet, name: ' \t ' }, ['name']);
    await expectInvalid({ ...allSet, name: 'n'.repeat(201) }, ['name']);
    await expectInvalid({ ...allSet, name: 42 }, ['name']);

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
    expectError(taken, 409, 6, 'PROJECT-NAME-ALREADY-EXISTS');
  });

  it('refuses a privateLabelingSetting that is not one of the enum names', async () => {
    await expectInvalid({ ...allSet, privateLabelingSetting: 'PRIVATE_LABELING_SETTING_NONE' }, [
      'privateLabelingSetting',
    ]);
    await expectInvalid({ ...allSet, privateLabelingSetting: 1 }, ['privateLabelingSetting']);
  });

  it('refuses non-boolean flags and unknown fields, naming each', async () => {
    await expectInvalid({ ...allSet, projectRoleCheck: 'true', hasProjectCheck: 1 }, [
      'projectRoleCheck',
      'hasProjectCheck',
    ]);
    await expectInvalid({ ...allSet, description: 'x' }, ['description']);
  });
});
