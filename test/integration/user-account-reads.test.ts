import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { Passkey } from '../../shared/db/entities/index.js';
import { describeOnEachDatabase } from '../support/databases.js';
import {
  buildIdp,
  buildMember,
  buildOwner,
  buildUser,
  type BuiltMember,
} from '../support/factories.js';
import { buildMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';

const PASSWORD = 'Correct-Horse-9';
const OTP_SECRET = 'JBSWY3DPEHPK3PXP';

describeOnEachDatabase(
  'Reading what a user has: ListHumanLinkedIDPs, ListHumanAuthFactors, ListUserMemberships',
  (service) => {
    let owner: BuiltMember;
    before(async () => {
      owner = await buildOwner(service);
    });

    const list = (caller: BuiltMember, userId: string, what: string, body: object = {}) =>
      service.call('POST', `/management/v1/users/${userId}/${what}/_search`, {
        token: caller.token,
        body,
      });

    it("lists a person's identity provider links, a page at a time", async () => {
      const first = await buildIdp(service, { orgId: owner.orgId, name: 'Corporate SSO' });
      const second = await buildIdp(service, { orgId: owner.orgId, name: 'Social' });
      const { userId } = await buildUser(service, {
        orgId: owner.orgId,
        idps: [
          { configId: first.idpId, externalUserId: 'sub-1', displayName: 'ada@corp' },
          { configId: second.idpId, externalUserId: 'sub-2' },
          { configId: first.idpId, externalUserId: 'sub-3' },
        ],
      });
      const all = await list(owner, userId, 'idps', { query: { asc: true } });
      expect(all.status, all.text).to.equal(200);
      expect(all.body.details.totalResult).to.equal('3');
      const corporate = all.body.result.find(
        (link: { providedUserId: string }) => link.providedUserId === 'sub-1',
      );
      expect(corporate).to.deep.equal({
        userId,
        idpId: first.idpId,
        idpName: 'Corporate SSO',
        providedUserId: 'sub-1',
        providedUserName: 'ada@corp',
      });
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(owner, userId, 'idps', { query: { limit: 1, asc: true, cursor } });
        expect(page.status, page.text).to.equal(200);
        seen.push(
          ...page.body.result.map((link: { providedUserId: string }) => link.providedUserId),
        );
        cursor = page.body.details.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal(
        all.body.result.map((link: { providedUserId: string }) => link.providedUserId),
      );
      expect(seen.sort()).to.deep.equal(['sub-1', 'sub-2', 'sub-3']);
    });

    it("lists a person's ways to sign in: password, TOTP, passkeys, never a secret", async () => {
      const { userId } = await buildUser(service, {
        orgId: owner.orgId,
        password: PASSWORD,
        passwordChangeRequired: true,
        otpCode: OTP_SECRET,
      });
      const passkeyId = randomUUID();
      await service.dataSource.getRepository(Passkey).insert({
        id: passkeyId,
        userId,
        credentialId: randomBytes(16).toString('base64url'),
        publicKey: randomBytes(77),
        signCount: 0,
        transports: 'internal',
        deviceType: 'multiDevice',
        backedUp: true,
        name: 'Laptop',
        createdAt: new Date(),
        lastUsedAt: null,
      });
      const factors = await list(owner, userId, 'auth_factors');
      expect(factors.status, factors.text).to.equal(200);
      const ready = 'AUTH_FACTOR_STATE_READY';
      expect(factors.body).to.deep.equal({
        result: [
          { state: ready, password: { changeRequired: true } },
          { state: ready, otp: {} },
          { state: ready, passkey: { id: passkeyId, name: 'Laptop' } },
        ],
      });
      const { userId: fresh } = await buildUser(service, { orgId: owner.orgId });
      expect((await list(owner, fresh, 'auth_factors')).body).to.deep.equal({ result: [] });
      const machine = await buildMachine(service, { owner });
      expectErrorOf(await list(owner, machine.userId, 'auth_factors'), 'USER-NOT-FOUND');
    });

    it('lists where a user holds roles: its organization, the instance', async () => {
      const admin = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['IAM_OWNER', 'ORG_USER_VIEWER', 'ORG_PROJECT_VIEWER'],
      });
      const listed = await list(owner, admin.userId, 'memberships', { query: { asc: true } });
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.details.totalResult).to.equal('2');
      const [instance, organization] = listed.body.result;
      expect(instance).to.deep.include({ userId: admin.userId, roles: ['IAM_OWNER'], iam: true });
      expect(instance.details.resourceOwner).to.equal('instance');
      expect(organization).to.deep.include({
        userId: admin.userId,
        roles: ['ORG_PROJECT_VIEWER', 'ORG_USER_VIEWER'],
        orgId: owner.orgId,
      });
      expect(organization.displayName).to.be.a('string').and.not.equal('');
      const machine = await buildMachine(service, { owner, roles: ['ORG_USER_MANAGER'] });
      const machines = await list(owner, machine.userId, 'memberships');
      expect(machines.body.result.map((each: { roles: string[] }) => each.roles)).to.deep.equal([
        ['ORG_USER_MANAGER'],
      ]);
    });

    it('answers no user of another organization, and lets a viewer read but no project owner', async () => {
      const stranger = await buildUser(service);
      for (const what of ['idps', 'auth_factors', 'memberships'])
        expectErrorOf(await list(owner, stranger.userId, what), 'USER-NOT-FOUND');
      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      expect((await list(viewer, owner.userId, 'memberships')).status).to.equal(200);
      const projects = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_PROJECT_OWNER'],
      });
      expectErrorOf(await list(projects, owner.userId, 'idps'), 'AUTH-PERMISSION-DENIED');
    });
  },
  { KAFKA_BROKERS: '' },
);
