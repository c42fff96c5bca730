import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, buildUser, type BuiltMember } from '../support/factories.js';
import {
  addGeneratedKey,
  addPersonalAccessToken,
  buildMachine,
  manageMachine,
} from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';

describeOnEachDatabase(
  'Reading machine credentials: ListMachineKeys and ListPersonalAccessTokens, metadata only',
  (service) => {
    const list = (caller: BuiltMember, userId: string, kind: string, body: object = {}) =>
      service.call('POST', `/management/v1/users/${userId}/${kind}/_search`, {
        token: caller.token,
        body,
      });

    it('lists the keys, what each is and when it expires, never the key', async () => {
      const machine = await buildMachine(service);
      const { keyId, file } = await addGeneratedKey(service, machine);
      const expirationDate = '2031-01-02T03:04:05.000Z';
      const dated = await manageMachine(service, machine, 'POST', '/keys', { expirationDate });
      expect(dated.status, dated.text).to.equal(200);
      const listed = await list(machine.owner, machine.userId, 'keys', { query: { asc: true } });
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.details.totalResult).to.equal('2');
      const [generated, expiring] = listed.body.result;
      expect(generated).to.have.all.keys('id', 'details', 'type', 'expirationDate');
      expect(generated).to.deep.include({
        id: keyId,
        type: 'KEY_TYPE_JSON',
        expirationDate: '9999-12-31T23:59:59.000Z',
      });
      expect(generated.details).to.have.all.keys('creationDate', 'changeDate', 'resourceOwner');
      expect(generated.details.resourceOwner).to.equal(machine.orgId);
      expect(expiring).to.deep.include({ id: dated.body.keyId, expirationDate });
      const privateKeyBody = file.key.split('\n')[1]!;
      expect(listed.text).to.not.include(privateKeyBody);
    });

    it('lists the personal access tokens a page at a time, never a token or its hash', async () => {
      const machine = await buildMachine(service);
      const tokens = [
        await addPersonalAccessToken(service, machine),
        await addPersonalAccessToken(service, machine),
        await addPersonalAccessToken(service, machine),
      ];
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(machine.owner, machine.userId, 'pats', {
          query: { limit: 2, asc: true, cursor },
        });
        expect(page.status, page.text).to.equal(200);
        expect(page.body.details.totalResult).to.equal('3');
        for (const token of tokens) expect(page.text).to.not.include(token.token);
        for (const result of page.body.result)
          expect(result).to.have.all.keys('id', 'details', 'expirationDate');
        seen.push(...page.body.result.map((token: { id: string }) => token.id));
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal(tokens.map((token) => token.tokenId).sort());
      const hashes = (await service.dataSource.query(
        'SELECT token_sha256 FROM personal_access_tokens WHERE user_id = ?',
        [machine.userId],
      )) as { token_sha256: string }[];
      const everything = await list(machine.owner, machine.userId, 'pats');
      for (const { token_sha256 } of hashes) expect(everything.text).to.not.include(token_sha256);

      const removed = await manageMachine(
        service,
        machine,
        'DELETE',
        `/pats/${tokens[1]!.tokenId}`,
      );
      expect(removed.status, removed.text).to.equal(200);
      const after = await list(machine.owner, machine.userId, 'pats');
      expect(after.body.result.map((token: { id: string }) => token.id).sort()).to.deep.equal(
        [tokens[0]!.tokenId, tokens[2]!.tokenId].sort(),
      );
    });

    it('answers no machine user of another organization, nor a person, and lets a viewer read', async () => {
      const owner = await buildOwner(service);
      const stranger = await buildMachine(service);
      const { userId: person } = await buildUser(service, { orgId: owner.orgId });
      for (const kind of ['keys', 'pats']) {
        expectErrorOf(await list(owner, stranger.userId, kind), 'MACHINE-USER-NOT-FOUND');
        expectErrorOf(await list(owner, person, kind), 'MACHINE-USER-NOT-FOUND');
      }
      const machine = await buildMachine(service, { owner });
      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      expect((await list(viewer, machine.userId, 'keys')).status).to.equal(200);
      const projects = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_PROJECT_OWNER'],
      });
      expectErrorOf(await list(projects, machine.userId, 'pats'), 'AUTH-PERMISSION-DENIED');
    });
  },
  { KAFKA_BROKERS: '' },
);
