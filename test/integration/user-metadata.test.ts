import { expect } from 'chai';
import { administeredPeople } from '../support/administered-people.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember } from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { publicUrlEnv, REDIRECT_URI } from '../support/relying-party.js';

const PASSWORD = 'Metadata-keeper-1!';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const payloadOf = (payload: unknown) =>
  typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload;

describeOnEachDatabase(
  "A user's metadata, user name (ZITADEL's operations) and externalId (ours)",
  (service) => {
    const people = administeredPeople(service, PASSWORD);
    const { person, manage } = people;
    const types = async (userId: string) =>
      (await service.events(userId)).map((event) => event.type);
    /** A read that waits for the write that answered `sequence` (GET without a body). */
    const readAfter = (path: string, sequence: string, body?: unknown) =>
      service.call(body === undefined ? 'GET' : 'POST', `/management/v1/users${path}`, {
        token: people.owner.token,
        ...(body !== undefined && { body }),
        headers: { 'x-identity-after-sequence': sequence },
      });

    it('sets, reads, lists and removes entries of a person, one and in bulk, with their events', async () => {
      const { userId } = await person();
      const set = await manage('POST', `/${userId}/metadata/department`, {
        value: base64('Sales'),
      });
      expect(set.status, set.text).to.equal(200);
      const got = await readAfter(`/${userId}/metadata/department`, set.body.details.sequence);
      expect(got.status, got.text).to.equal(200);
      expect(got.body.metadata).to.include({ key: 'department', value: base64('Sales') });
      expect(got.body.metadata.details.sequence).to.equal(set.body.details.sequence);

      // The same value again records nothing.
      const again = await manage('POST', `/${userId}/metadata/department`, {
        value: base64('Sales'),
      });
      expect(again.body.details.sequence).to.equal(set.body.details.sequence);

      const bulk = await manage('POST', `/${userId}/metadata/_bulk`, {
        metadata: [
          { key: 'department', value: base64('Research') },
          { key: 'cost.center', value: base64('4711') },
          { key: 'badge', value: Buffer.from([0, 255, 1]).toString('base64url') },
        ],
      });
      expect(bulk.status, bulk.text).to.equal(200);
      const events = (await service.events(userId)).filter((e) =>
        e.type.startsWith('user.metadata'),
      );
      expect(events.map((e) => [e.type, payloadOf(e.payload)])).to.deep.equal([
        ['user.metadata.set', { key: 'department', value: base64('Sales') }],
        ['user.metadata.set', { key: 'department', value: base64('Research') }],
        ['user.metadata.set', { key: 'cost.center', value: base64('4711') }],
        ['user.metadata.set', { key: 'badge', value: Buffer.from([0, 255, 1]).toString('base64') }],
      ]);

      const listed = await readAfter(`/${userId}/metadata/_search`, bulk.body.details.sequence, {
        query: { asc: true },
      });
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.details.totalResult).to.equal('3');
      expect(listed.body.result.map((m: { key: string }) => m.key)).to.deep.equal([
        'badge',
        'cost.center',
        'department',
      ]);
      const prefixed = await manage('POST', `/${userId}/metadata/_search`, {
        queries: [
          { keyQuery: { key: 'COST', method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } },
        ],
      });
      expect(prefixed.body.result.map((m: { key: string }) => m.key)).to.deep.equal([
        'cost.center',
      ]);

      const removed = await manage('DELETE', `/${userId}/metadata/badge`);
      expect(removed.status, removed.text).to.equal(200);
      const gone = await readAfter(`/${userId}/metadata/badge`, removed.body.details.sequence);
      expect(gone.status).to.equal(404);
      expect(gone.body.details.at(-1).id).to.equal('USER-METADATA-NOT-FOUND');
      const removedAgain = await manage('DELETE', `/${userId}/metadata/badge`);
      expect(removedAgain.status).to.equal(404);

      const bulkRemoved = await manage('POST', `/${userId}/metadata/_bulk_remove`, {
        keys: ['department', 'cost.center'],
      });
      expect(bulkRemoved.status, bulkRemoved.text).to.equal(200);
      const none = await readAfter(
        `/${userId}/metadata/_search`,
        bulkRemoved.body.details.sequence,
        {},
      );
      expect(none.body.result).to.deep.equal([]);
      expect((await types(userId)).slice(-3)).to.deep.equal([
        'user.metadata.removed',
        'user.metadata.removed',
        'user.metadata.removed',
      ]);
      // A set after a removal brings the entry back.
      const back = await manage('POST', `/${userId}/metadata/badge`, { value: base64('again') });
      const read = await readAfter(`/${userId}/metadata/badge`, back.body.details.sequence);
      expect(read.body.metadata.value).to.equal(base64('again'));
      // The user's version moves with its metadata: an If-Match of the version before is refused.
      const stale = await manage(
        'POST',
        `/${userId}/metadata/badge`,
        { value: base64('stale') },
        { 'if-match': `"${bulkRemoved.body.details.sequence}"` },
      );
      expect(stale.status).to.equal(412);
    });

    it("keeps a machine user's metadata too, and removes it with the user", async () => {
      const machine = await buildMachine(service, { owner: people.owner });
      const set = await manage('POST', `/${machine.userId}/metadata/_bulk`, {
        metadata: [{ key: 'team', value: base64('platform') }],
      });
      expect(set.status, set.text).to.equal(200);
      const listed = await readAfter(
        `/${machine.userId}/metadata/_search`,
        set.body.details.sequence,
        {},
      );
      expect(listed.body.result).to.have.length(1);
      expect(await service.count('user_metadata', 'user_id = ?', [machine.userId])).to.equal(1);
      const removed = await manage('DELETE', `/${machine.userId}`);
      expect(removed.status, removed.text).to.equal(200);
      expect(await service.count('user_metadata', 'user_id = ?', [machine.userId])).to.equal(0);
      // Once the user read model shows the removal, the user and its metadata are not found.
      const read = await readAfter(`/${machine.userId}`, removed.body.details.sequence);
      expect(read.status).to.equal(404);
      const after = await manage('POST', `/${machine.userId}/metadata/_search`, {});
      expect(after.status).to.equal(404);
    });

    it('refuses bad keys and values, too many entries, and unknown users; reads need user.read, writes user.write', async () => {
      const { userId } = await person();
      const refused = async (path: string, body: unknown, status = 400, method = 'POST') => {
        const answer = await manage(method, path, body);
        expect(answer.status, answer.text).to.equal(status);
        return answer.body.details.at(-1).id as string;
      };
      expect(await refused(`/${userId}/metadata/_bad`, { value: base64('x') })).to.equal(
        'REQUEST-INVALID',
      );
      expect(await refused(`/${userId}/metadata/k`, { value: '' })).to.equal('REQUEST-INVALID');
      expect(
        await refused(`/${userId}/metadata/k`, { value: base64('x'.repeat(16 * 1024 + 1)) }),
      ).to.equal('REQUEST-INVALID');
      expect(
        await refused(`/${userId}/metadata/_bulk`, {
          metadata: [
            { key: 'same', value: base64('1') },
            { key: 'same', value: base64('2') },
          ],
        }),
      ).to.equal('REQUEST-INVALID');
      expect(await refused(`/unknown-user/metadata/k`, { value: base64('x') }, 404)).to.equal(
        'USER-NOT-FOUND',
      );
      const hundred = Array.from({ length: 100 }, (_, index) => ({
        key: `k${index}`,
        value: base64(String(index)),
      }));
      expect(
        (await manage('POST', `/${userId}/metadata/_bulk`, { metadata: hundred })).status,
      ).to.equal(200);
      expect(await refused(`/${userId}/metadata/one-more`, { value: base64('x') })).to.equal(
        'USER-METADATA-TOO-MANY',
      );
      expect(await service.count('user_metadata', 'user_id = ?', [userId])).to.equal(100);

      const viewer = await buildMember(service, {
        orgId: people.owner.orgId,
        roles: ['ORG_USER_VIEWER'],
      });
      const asViewer = (method: string, path: string, body?: unknown) =>
        service.call(method, `/management/v1/users/${userId}${path}`, {
          token: viewer.token,
          ...(body !== undefined && { body }),
        });
      expect((await asViewer('POST', '/metadata/_search', {})).status).to.equal(200);
      expect((await asViewer('GET', '/metadata/k1')).status).to.equal(200);
      expect((await asViewer('POST', '/metadata/k1', { value: base64('no') })).status).to.equal(
        403,
      );
      expect((await asViewer('DELETE', '/metadata/k1')).status).to.equal(403);
    });

    it('UpdateUserName: the person signs in by the new name, not the old; a taken name is 409', async () => {
      const { userId, userName } = await person();
      const other = await person();
      const newName = `${userName}-renamed`;
      const changed = await manage('PUT', `/${userId}/username`, { userName: ` ${newName} ` });
      expect(changed.status, changed.text).to.equal(200);
      const [event] = (await service.events(userId)).slice(-1);
      expect(event!.type).to.equal('user.username.changed');
      expect(payloadOf(event!.payload)).to.deep.equal({ userName: newName, oldUserName: userName });
      const read = await readAfter(`/${userId}`, changed.body.details.sequence);
      expect(read.body.user.userName).to.equal(newName);
      expect((await people.signIn(newName)).url.startsWith(REDIRECT_URI)).to.equal(true);
      expect((await people.signIn(userName)).url.startsWith(REDIRECT_URI)).to.equal(false);

      const same = await manage('PUT', `/${userId}/username`, { userName: newName });
      expect(same.status, same.text).to.equal(200);
      expect(
        (await types(userId)).filter((type) => type === 'user.username.changed'),
      ).to.have.length(1);
      const taken = await manage('PUT', `/${userId}/username`, {
        userName: other.userName.toUpperCase(),
      });
      expect(taken.status, taken.text).to.equal(409);
      expect(taken.body.details.at(-1).id).to.equal('USER-ALREADY-EXISTS');
      expect((await manage('PUT', `/${userId}/username`, { userName: '  ' })).status).to.equal(400);
    });

    it('UpdateUserExternalId: the read model and the import follow it; the same records nothing; a taken one is 409', async () => {
      const { userId } = await person();
      const other = await person();
      const externalId = `hr-${userId}`;
      const changed = await manage('PUT', `/${userId}/external_id`, { externalId });
      expect(changed.status, changed.text).to.equal(200);
      const [event] = (await service.events(userId)).slice(-1);
      expect(event!.type).to.equal('user.externalid.changed');
      expect(payloadOf(event!.payload)).to.deep.equal({ externalId });
      const read = await readAfter(`/${userId}`, changed.body.details.sequence);
      expect(read.body.user.externalId).to.equal(externalId);
      // An import naming it answers this person, as for one the import made.
      const imported = await service.call('POST', '/management/v1/users/human/_import', {
        token: people.owner.token,
        body: {
          userName: `${userId}-again`,
          externalId,
          profile: { firstName: 'A', lastName: 'B' },
          email: { email: 'again@example.com' },
        },
      });
      expect(imported.body).to.include({ userId, alreadyExisted: true });

      const same = await manage('PUT', `/${userId}/external_id`, { externalId });
      expect(same.status, same.text).to.equal(200);
      expect(same.body.details.sequence).to.equal(changed.body.details.sequence);
      const taken = await manage('PUT', `/${other.userId}/external_id`, { externalId });
      expect(taken.status, taken.text).to.equal(409);
      expect(taken.body.details.at(-1).id).to.equal('USER-EXTERNAL-ID-ALREADY-EXISTS');

      const removed = await manage('PUT', `/${userId}/external_id`, {});
      expect(removed.status, removed.text).to.equal(200);
      expect(payloadOf((await service.events(userId)).at(-1)!.payload)).to.deep.equal({
        externalId: null,
      });
      const readRemoved = await readAfter(`/${userId}`, removed.body.details.sequence);
      expect(readRemoved.body.user).not.to.have.property('externalId');
      expect(
        (await types(userId)).filter((type) => type === 'user.externalid.changed'),
      ).to.have.length(2);
      // Free again: the other person takes it.
      const moved = await manage('PUT', `/${other.userId}/external_id`, { externalId });
      expect(moved.status, moved.text).to.equal(200);
    });
  },
  publicUrlEnv,
);
