import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';

const MANAGEMENT = 'identity.management.v1.ManagementService';

describeOnEachDatabase(
  'No lost updates: ETag and If-Match',
  (service) => {
    let owner: BuiltMember;

    before(async () => {
      owner = await buildOwner(service);
      await service.startWorker();
    });

    it('of two changes of a project made from the same state, one wins and the other is refused, storing nothing', async () => {
      const { projectId } = await buildProject(service, { orgId: owner.orgId });
      const path = `/management/v1/projects/${projectId}`;
      const first = await service.call('PUT', path, { token: owner.token, body: { name: 'Base' } });
      expect(first.status, first.text).to.equal(200);
      const etag = first.headers.get('etag')!;
      expect(etag).to.equal(`"${first.body.details.sequence}"`);
      const events = (await service.events(projectId)).length;

      const [left, right] = await Promise.all(
        ['Left', 'Right'].map((name) =>
          service.call('PUT', path, {
            token: owner.token,
            body: { name, projectRoleCheck: true },
            headers: { 'if-match': etag },
          }),
        ),
      );
      const statuses = [left!.status, right!.status].sort();
      expect(statuses, `${left!.text} ${right!.text}`).to.deep.equal([200, 412]);
      const [won, lost] = left!.status === 200 ? ['Left', right!] : ['Right', left!];
      expectErrorOf(lost, 'RESOURCE-CHANGED');
      const [row] = (await service.dataSource.query('SELECT name FROM projects WHERE id = ?', [
        projectId,
      ])) as { name: string }[];
      expect(row!.name).to.equal(won);
      expect(await service.events(projectId)).to.have.length(events + 1);

      // The winner's ETag is the state now: a change from it applies.
      const winner = left!.status === 200 ? left! : right!;
      const next = await service.call('PUT', path, {
        token: owner.token,
        body: { name: 'Next' },
        headers: { 'if-match': winner.headers.get('etag')! },
      });
      expect(next.status, next.text).to.equal(200);
    });

    it('a user read answers the ETag a change of that user takes, over JSON and gRPC', async () => {
      const machine = await buildMachine(service, { owner });
      const written = String((await service.events(machine.userId)).at(-1)!.position);
      const read = await service.call('GET', `/management/v1/users/${machine.userId}`, {
        token: owner.token,
        headers: { 'x-identity-after-sequence': written },
      });
      expect(read.status, read.text).to.equal(200);
      const etag = read.headers.get('etag')!;
      expect(etag).to.equal(`"${read.body.user.details.sequence}"`);
      const overGrpc = await service.grpc(
        MANAGEMENT,
        'GetUserByID',
        { id: machine.userId },
        {
          token: owner.token,
        },
      );
      expect(overGrpc.etag).to.equal(etag);

      const rename = (name: string, ifMatch: string) =>
        service.grpc(
          MANAGEMENT,
          'UpdateMachineUser',
          { userId: machine.userId, name },
          {
            token: owner.token,
            headers: { 'if-match': ifMatch },
          },
        );
      const renamed = await rename('Renamed', etag);
      expect(renamed.code, renamed.message).to.equal(0);
      expect(renamed.etag).to.equal(`"${renamed.response.details.sequence}"`);
      const stale = await rename('Stale', etag);
      expect(stale.code).to.equal(9);
      expect(stale.details.at(-1)!.id).to.equal('RESOURCE-CHANGED');
      expect((await rename('Bare', renamed.response.details.sequence as string)).code).to.equal(0);
    });

    it('takes *, refuses a weak tag, a malformed one, and one on an operation that takes none', async () => {
      const profile = { firstName: 'Ada', lastName: 'Lovelace', displayName: 'Ada' };
      const put = (ifMatch: string) =>
        service.updateMyProfile(profile, { token: owner.token, headers: { 'if-match': ifMatch } });
      const any = await put('*');
      expect(any.status, any.text).to.equal(200);
      const current = any.headers.get('etag')!;
      expectErrorOf(await put(`W/${current}`), 'RESOURCE-CHANGED');
      expect((await put(`"0", ${current}`)).status).to.equal(200);
      expectErrorOf(await put('nonsense'), 'REQUEST-INVALID', ['if-match']);
      const imported = await service.importUser(
        {
          userName: 'conditional',
          profile: { firstName: 'C', lastName: 'D' },
          email: { email: 'c@example.com' },
        },
        { token: owner.token, headers: { 'if-match': '*' } },
      );
      expectErrorOf(imported, 'REQUEST-INVALID', ['if-match']);
    });
  },
  { KAFKA_BROKERS: '' },
);
