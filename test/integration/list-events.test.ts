import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildUser, type BuiltMember } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { minimalImport } from '../support/requests.js';
import { expectErrorOf } from '../support/service-error.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

interface ListedEvent {
  editor?: { userId: string; displayName?: string; preferredLoginName?: string };
  aggregate: { id: string; type: { type: string }; resourceOwner: string };
  sequence: string;
  creationDate: string;
  payload: Record<string, unknown>;
  type: { type: string };
}

/**
 * ListEvents, the organization's activity over JSON: who made each change (the editor every
 * event an operation call records names, and none of the worker's), the filters, the pages
 * after a sequence, another organization's caller, the other transports, the type lists, and
 * the input refused.
 */
describeOnEachDatabase(
  'ListEvents: who changed what in the organization, and when',
  (service) => {
    let first: BuiltMember;
    let second: BuiltMember;
    let userId: string;
    let projectId: string;
    const userName = `ada-${randomBytes(6).toString('hex')}`;

    const list = (body: object, token = first.token, orgId?: string) =>
      service.call<{ events: ListedEvent[] }>('POST', '/management/v1/events/_search', {
        token,
        orgId,
        body,
      });
    const listed = async (body: object) => {
      const response = await list(body);
      expect(response.status, response.text).to.equal(200);
      return response.body.events;
    };
    const typesOf = (events: ListedEvent[]) => events.map((event) => event.type.type);

    before(async () => {
      first = await buildOwner(service);
      second = await buildMember(service, { orgId: first.orgId, roles: ['ORG_OWNER'] });
      const imported = await service.importUser(minimalImport(userName), {
        token: first.token,
      });
      expect(imported.status, imported.text).to.equal(200);
      userId = imported.body.userId;
      const set = await service.call('POST', `/management/v1/users/${userId}/metadata/team`, {
        token: second.token,
        body: { value: base64('Blue') },
      });
      expect(set.status, set.text).to.equal(200);
      const project = await service.call('POST', '/management/v1/projects', {
        token: second.token,
        body: { name: 'Activity' },
      });
      expect(project.status, project.text).to.equal(200);
      projectId = project.body.id;
    });

    it('records the caller of each call as the editor, and none for what no call recorded', async () => {
      const rows: { type: string; aggregate_id: string; editor_user_id: string | null }[] =
        await service.dataSource.query(
          'SELECT type, aggregate_id, editor_user_id FROM events WHERE org_id = ? ORDER BY position',
          [first.orgId],
        );
      const editorOf = (type: string, aggregateId: string) =>
        rows.find((row) => row.type === type && row.aggregate_id === aggregateId)?.editor_user_id;
      expect(editorOf('org.added', first.orgId), 'the factories write directly').to.equal(null);
      expect(editorOf('user.human.added', first.userId)).to.equal(null);
      expect(editorOf('user.human.added', userId)).to.equal(first.userId);
      expect(editorOf('user.metadata.set', userId)).to.equal(second.userId);
      expect(editorOf('project.added', projectId)).to.equal(second.userId);
    });

    it('answers the newest first, each with its editor, aggregate, sequence, date, type and payload', async () => {
      const events = await listed({});
      expect(typesOf(events).slice(0, 3)).to.deep.equal([
        'project.added',
        'user.metadata.set',
        'user.human.added',
      ]);
      const sequences = events.map((event) => BigInt(event.sequence));
      expect(sequences).to.deep.equal([...sequences].sort((a, b) => (a > b ? -1 : 1)));
      const [project, metadata, added] = events as [ListedEvent, ListedEvent, ListedEvent];
      expect(metadata).to.deep.include({
        editor: {
          userId: second.userId,
          displayName: 'Test Member',
          preferredLoginName: second.userName,
        },
        aggregate: { id: userId, type: { type: 'user' }, resourceOwner: first.orgId },
        payload: { key: 'team', value: base64('Blue') },
      });
      expect(project.aggregate).to.deep.equal({
        id: projectId,
        type: { type: 'project' },
        resourceOwner: first.orgId,
      });
      expect(added.editor?.userId).to.equal(first.userId);
      expect(added.payload).to.include({ userName });
      const [stored] = await service.dataSource.query(
        'SELECT position, created_at FROM events WHERE type = ? AND aggregate_id = ?',
        ['user.human.added', userId],
      );
      expect(added.sequence).to.equal(String(stored.position));
      expect(new Date(added.creationDate).getTime()).to.be.closeTo(Date.now(), 60_000);
      const oldest = events.at(-1)!;
      expect(oldest.type.type).to.equal('org.added');
      expect(oldest, 'no call recorded it: no editor').to.not.have.property('editor');
    });

    it('filters by editor, event types (and prefixes), aggregate and aggregate types', async () => {
      expect(typesOf(await listed({ editorUserId: second.userId }))).to.deep.equal([
        'project.added',
        'user.metadata.set',
      ]);
      expect(typesOf(await listed({ editorUserId: first.userId }))).to.deep.equal([
        'user.human.added',
      ]);
      expect(
        typesOf(await listed({ eventTypes: ['user.metadata.set', 'org.added'] })),
      ).to.deep.equal(['user.metadata.set', 'org.added']);
      expect(typesOf(await listed({ eventTypes: ['user.'] }))).to.include.members([
        'user.metadata.set',
        'user.human.added',
      ]);
      expect(typesOf(await listed({ eventTypes: ['user.'] }))).to.not.include('project.added');
      const ofUser = await listed({ aggregateId: userId });
      expect(ofUser.every((event) => event.aggregate.id === userId)).to.equal(true);
      expect(typesOf(ofUser)).to.include.members(['user.metadata.set', 'user.human.added']);
      expect(typesOf(await listed({ aggregateTypes: ['project'] }))).to.deep.equal([
        'project.added',
      ]);
      expect(await listed({ aggregateTypes: ['idp'] })).to.deep.equal([]);
      const both = await listed({ editorUserId: second.userId, aggregateTypes: ['user'] });
      expect(typesOf(both)).to.deep.equal(['user.metadata.set']);
    });

    it('filters by creation date: from, and a range since and until', async () => {
      const all = await listed({});
      const metadata = all.find((event) => event.type.type === 'user.metadata.set')!;
      const since = await listed({ from: metadata.creationDate });
      expect(since.map((event) => event.sequence)).to.include(metadata.sequence);
      expect(since.every((event) => event.creationDate >= metadata.creationDate)).to.equal(true);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect(await listed({ from: future })).to.deep.equal([]);
      expect(await listed({ range: { until: '2000-01-01T00:00:00Z' } })).to.deep.equal([]);
      const window = await listed({ range: { since: metadata.creationDate, until: future } });
      expect(window.map((event) => event.sequence)).to.include(metadata.sequence);
    });

    it('pages after a sequence, newest first and oldest first', async () => {
      const all = await listed({});
      const firstPage = await listed({ limit: 2 });
      expect(firstPage).to.deep.equal(all.slice(0, 2));
      const next = await listed({ limit: 2, sequence: firstPage.at(-1)!.sequence });
      expect(next).to.deep.equal(all.slice(2, 4));
      const oldest = await listed({ asc: true, limit: 2 });
      expect(oldest).to.deep.equal(all.toReversed().slice(0, 2));
      const after = await listed({ asc: true, limit: 100, sequence: Number(oldest[1]!.sequence) });
      expect(after).to.deep.equal(all.toReversed().slice(2));
    });

    it('shows a caller of another organization none of them; an IAM_OWNER and ORG_OWNERs alone may read', async () => {
      const stranger = await buildOwner(service);
      await buildUser(service, { orgId: stranger.orgId });
      const own = await list({}, stranger.token);
      expect(own.status, own.text).to.equal(200);
      expect(own.body.events.length).to.be.greaterThan(0);
      const owners = new Set(own.body.events.map((event) => event.aggregate.resourceOwner));
      expect([...owners]).to.deep.equal([stranger.orgId]);
      const sequences = new Set((await listed({})).map((event) => event.sequence));
      expect(own.body.events.some((event) => sequences.has(event.sequence))).to.equal(false);
      expectErrorOf(await list({}, stranger.token, first.orgId), 'AUTH-PERMISSION-DENIED');
      const manager = await buildMember(service, {
        orgId: first.orgId,
        roles: ['ORG_USER_MANAGER'],
      });
      expectErrorOf(await list({}, manager.token), 'AUTH-PERMISSION-DENIED');
      const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      const asAdmin = await list({}, admin.token, first.orgId);
      expect(asAdmin.status, asAdmin.text).to.equal(200);
      expect(asAdmin.body.events).to.deep.equal(await listed({}));
    });

    it('answers the same events over gRPC and gRPC-web, the payload as a Struct', async () => {
      const request = { editorUserId: second.userId, range: { since: '2020-01-01T00:00:00Z' } };
      const overJson = await listed(request);
      const management = 'identity.management.v1.ManagementService';
      for (const call of [service.grpc.bind(service), service.grpcWeb.bind(service)]) {
        const { code, response } = await call(management, 'ListEvents', request, {
          token: first.token,
        });
        expect(code).to.equal(0);
        const events = response.events as {
          editor: ListedEvent['editor'];
          aggregate: ListedEvent['aggregate'];
          sequence: string;
          creationDate: { seconds: string };
          payload: { fields: Record<string, { stringValue?: string }> };
          type: { type: string };
        }[];
        expect(events.map((event) => event.sequence)).to.deep.equal(
          overJson.map((event) => event.sequence),
        );
        for (const [index, event] of events.entries()) {
          const json = overJson[index]!;
          expect(event.editor).to.deep.equal(json.editor);
          expect(event.aggregate).to.deep.equal(json.aggregate);
          expect(event.type).to.deep.equal(json.type);
          expect(Number(event.creationDate.seconds)).to.equal(
            Math.floor(Date.parse(json.creationDate) / 1000),
          );
          expect(Object.keys(event.payload.fields ?? {}).sort()).to.deep.equal(
            Object.keys(json.payload).sort(),
          );
        }
        expect(events[1]!.payload.fields.key).to.deep.equal({ stringValue: 'team' });
      }
    });

    it("lists every event type and aggregate type, the filters' choices, to event.read alone", async () => {
      const types = await service.call('POST', '/management/v1/events/types/_search', {
        token: first.token,
        body: {},
      });
      expect(types.status, types.text).to.equal(200);
      const eventTypes = (types.body.eventTypes as { type: string }[]).map((entry) => entry.type);
      expect(eventTypes).to.include.members(['user.human.added', 'user.metadata.set', 'org.added']);
      expect(new Set(eventTypes).size).to.equal(eventTypes.length);
      const aggregates = await service.call('POST', '/management/v1/aggregates/types/_search', {
        token: first.token,
        body: {},
      });
      expect(aggregates.body).to.deep.equal({
        aggregateTypes: ['user', 'project', 'org', 'instance', 'idp'].map((type) => ({ type })),
      });
      const manager = await buildMember(service, {
        orgId: first.orgId,
        roles: ['ORG_USER_MANAGER'],
      });
      for (const path of [
        '/management/v1/events/types/_search',
        '/management/v1/aggregates/types/_search',
      ])
        expectErrorOf(
          await service.call('POST', path, { token: manager.token, body: {} }),
          'AUTH-PERMISSION-DENIED',
        );
    });

    it('refuses bad input as INVALID_ARGUMENT naming each field, never a 500', async () => {
      const refused = async (body: object, fields: string[]) =>
        expectErrorOf(await list(body), 'REQUEST-INVALID', fields);
      await refused({ limit: 5000 }, ['limit']);
      await refused({ aggregateTypes: ['group'] }, ['aggregateTypes[0]']);
      await refused({ from: 'yesterday' }, ['from']);
      await refused({ range: { since: '2026-13-40T00:00:00Z' } }, ['range.since']);
      await refused({ eventTypes: ['user.%'] }, ['eventTypes[0]']);
      await refused({ sequence: '-1' }, ['sequence']);
      await refused({ from: '2026-01-01T00:00:00Z', range: {} }, ['from']);
      await refused({ limit: 5000, aggregateTypes: ['group'] }, ['limit', 'aggregateTypes[0]']);
      await refused({ editor: first.userId }, ['editor']);
    });

    it("records no editor for the worker's events, though it runs in the API's process", async () => {
      await service.startWorker();
      const added: { editor_user_id: string | null }[] = await pollUntil(
        () =>
          service.dataSource.query(
            'SELECT editor_user_id FROM events WHERE type = ? AND aggregate_id = ?',
            ['user.human.init.code.added', userId],
          ),
        (rows: unknown[]) => rows.length === 1,
      );
      expect(added[0]!.editor_user_id).to.equal(null);
      const [code] = await listed({ aggregateId: userId, eventTypes: ['user.human.init.'] });
      expect(code!.type.type).to.equal('user.human.init.code.added');
      expect(code).to.not.have.property('editor');
    });
  },
  // The worker reads the outbox in the process, as the other suites that start it do.
  { KAFKA_BROKERS: '' },
);
