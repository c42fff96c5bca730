import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { changeDetails, expectDetailsOfChange } from '../support/event-details.js';
import { ALL_SET, projectRow, snapshotProject } from '../support/project-fixtures.js';
import { expectServiceError } from '../support/service-error.js';

describeOnEachDatabase('Update Project over HTTP', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  /** Update Project as the organization's owner. */
  const asOwner = (projectId: string, body: object) =>
    service.updateProject(projectId, body, { token: owner.token });

  const project = (projectId: string) => projectRow(service, projectId);
  const snapshot = (projectId: string) => snapshotProject(service, projectId);

  before(async () => {
    owner = await buildOwner(service);
  });

  it('changes the project and answers with the details of the recorded event', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Original' }))
      .projectId;
    const before = await project(projectId);

    const response = await asOwner(projectId, ALL_SET);

    expect(response.status).to.equal(200);
    const events = await service.events(projectId);
    expect(events.map((event) => event.type)).to.deep.equal(['project.added', 'project.changed']);
    const event = events[1]!;
    expect(event.payload).to.deep.equal(ALL_SET);
    expect(event.aggregateType).to.equal('project');
    expect(event.aggregateVersion).to.equal(events[0]!.aggregateVersion + 1);
    expect(event.orgId).to.equal(owner.orgId);

    expect(response.body).to.deep.equal({ details: changeDetails(event, owner.orgId) });
    const { details } = response.body;
    expectDetailsOfChange(details, before);

    const stored = await project(projectId);
    expect(stored).to.include({ ...ALL_SET, nameLower: 'renamed', orgId: owner.orgId });
    expect(stored.sequence).to.equal(details.sequence);
    expect(stored.changeDate.toISOString()).to.equal(details.changeDate);
    expect(stored.version).to.equal(before.version + 1);
    expect(stored.creationDate.toISOString()).to.equal(before.creationDate.toISOString());
  });

  it('replaces the whole project: omitted booleans are false, the setting unspecified', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Replace me' }))
      .projectId;
    const first = await asOwner(projectId, { ...ALL_SET, name: 'Replace me' });
    expect(first.status).to.equal(200);

    const response = await asOwner(projectId, { name: 'Replace me' });

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
    const response = await asOwner(projectId, { name: '  Trimmed Name \t' });
    expect(response.status).to.equal(200);
    expect(await project(projectId)).to.include({
      name: 'Trimmed Name',
      nameLower: 'trimmed name',
    });
    expect((await service.events(projectId)).at(-1)!.payload.name).to.equal('Trimmed Name');

    // Equal once trimmed: no change.
    const again = await asOwner(projectId, { name: ' Trimmed Name' });
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(response.body);
    expect(await service.events(projectId)).to.have.length(2);
  });

  it('answers an update that changes nothing with the current details and records no event', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Unchanged' }))
      .projectId;
    const current = await project(projectId);
    const unchanged = await snapshot(projectId);

    const response = await asOwner(projectId, {
      name: 'Unchanged',
      projectRoleAssertion: false,
      privateLabelingSetting: 'PRIVATE_LABELING_SETTING_UNSPECIFIED',
    });

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
    const change = { ...ALL_SET, name: 'Unchanged' };
    const changed = await asOwner(projectId, change);
    expect(changed.status).to.equal(200);
    expect(changed.body.details.sequence).not.to.equal(current.sequence);
    const afterChange = await snapshot(projectId);
    const repeated = await asOwner(projectId, change);
    expect(repeated.status).to.equal(200);
    expect(repeated.body).to.deep.equal(changed.body);
    await afterChange();
  });

  it('keeps 24 concurrent updates of one project in order: versions without gaps, the last one stored', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Raced' }))
      .projectId;
    const before = await project(projectId);
    // Each one differs from the one before it, so none may be answered as unchanged.
    const names = Array.from({ length: 24 }, (_, index) => `Raced ${index % 2 ? 'A' : 'b'}`);
    const responses = await Promise.all(names.map((name) => asOwner(projectId, { name })));
    for (const response of responses) expect(response.status).to.equal(200);

    const changes = (await service.events(projectId)).filter(
      (event) => event.type === 'project.changed',
    );
    const after = await project(projectId);
    // Two updates in a row with the same name record one change: at least every other one does.
    expect(changes.length).to.be.within(12, 24);
    expect(changes.map((event) => event.aggregateVersion)).to.deep.equal(
      changes.map((_, index) => before.version + index + 1),
    );
    expect(after.version).to.equal(before.version + changes.length);
    expect(after.sequence).to.equal(changes.at(-1)!.position);
    expect(after.name).to.equal((changes.at(-1)!.payload as { name: string }).name);
    const answered = new Set(responses.map((response) => response.body.details.sequence));
    expect([...answered].sort()).to.deep.equal(changes.map((event) => event.position).sort());
  });

  it('answers NOT_FOUND for an unknown project', async () => {
    const events = await service.count('events');
    const response = await asOwner(randomUUID(), ALL_SET);
    expectServiceError(response, { status: 404, code: 5, id: 'PROJECT-NOT-FOUND' });
    expect(await service.count('events')).to.equal(events);
  });

  it('answers NOT_FOUND for a project of another organization and leaves it alone', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId, name: 'Foreign' }))
      .projectId;
    const unchanged = await snapshot(foreignId);

    const response = await asOwner(foreignId, ALL_SET);

    expectServiceError(response, { status: 404, code: 5, id: 'PROJECT-NOT-FOUND' });
    await unchanged();
  });

  it('refuses a name taken in the same organization, case-insensitively', async () => {
    await buildProject(service, { orgId: owner.orgId, name: 'Taken Name' });
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Free Name' }))
      .projectId;
    const unchanged = await snapshot(projectId);

    for (const name of ['Taken Name', 'taken name', '  TAKEN NAME  ']) {
      const response = await asOwner(projectId, { ...ALL_SET, name });
      expectServiceError(response, { status: 409, code: 6, id: 'PROJECT-NAME-ALREADY-EXISTS' });
      await unchanged();
    }

    // Its own name in another case is no conflict.
    const recased = await asOwner(projectId, { name: 'FREE NAME' });
    expect(recased.status).to.equal(200);
    expect(await project(projectId)).to.include({ name: 'FREE NAME', nameLower: 'free name' });
  });

  it('accepts a name that only another organization uses', async () => {
    const other = await buildOwner(service);
    const foreignId = (await buildProject(service, { orgId: other.orgId, name: 'Shared Name' }))
      .projectId;
    const projectId = (await buildProject(service, { orgId: owner.orgId })).projectId;

    const response = await asOwner(projectId, { name: 'shared name' });

    expect(response.status).to.equal(200);
    expect((await project(projectId)).name).to.equal('shared name');
    expect((await project(foreignId)).name).to.equal('Shared Name');
  });
});
