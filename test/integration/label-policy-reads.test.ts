import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, type BuiltMember } from '../support/factories.js';
import { expectErrorOf } from '../support/service-error.js';
import type { ApiResponse } from '../support/service-client.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describeOnEachDatabase(
  'Reading label policies: GetLabelPolicy and GetDefaultLabelPolicy from the policies written',
  (service) => {
    let admin: BuiltMember;
    let owner: BuiltMember;

    before(async () => {
      admin = await buildMember(service, { roles: ['IAM_OWNER'] });
      owner = await buildOwner(service);
    });

    const get = (caller: BuiltMember, path: string) =>
      service.call('GET', `/management/v1/policies/${path}`, { token: caller.token });
    const change = async (caller: BuiltMember, method: string, path: string, body?: object) => {
      const changed = await service.call(method, `/management/v1/policies/label${path}`, {
        token: caller.token,
        ...(body && { body }),
      });
      expect(changed.status, changed.text).to.equal(200);
      return changed.body.details.sequence as string;
    };

    /** A GetLabelPolicy answer: 200, the policy with `fields`, its details with `details`. */
    function expectPolicy(
      read: ApiResponse,
      fields: { isDefault: boolean } & Record<string, unknown>,
      details: Record<string, unknown>,
    ): void {
      expect(read.status, read.text).to.equal(200);
      expect(read.body.isDefault).to.equal(fields.isDefault);
      expect(read.body.policy).to.deep.include(fields);
      expect(read.body.policy.details).to.deep.include(details);
    }

    it('answers the service’s own look while no default is set, with the ETag of nothing set', async () => {
      const read = await get(owner, 'default/label');
      expect(read.status, read.text).to.equal(200);
      expect(read.body.policy).to.have.all.keys(
        'details',
        'isDefault',
        'hideServiceName',
        'hasLogo',
      );
      expect(read.body.policy).to.deep.include({ isDefault: true, hideServiceName: false });
      expect(read.body.policy.details).to.deep.include({
        sequence: '0',
        resourceOwner: 'instance',
      });
      expect(read.headers.get('etag')).to.equal('"0"');
      const own = await get(owner, 'label');
      expect(own.body).to.deep.equal({ policy: read.body.policy, isDefault: true });
    });

    it('answers the default where the organization has none, its own once set, the default again once reset', async () => {
      const defaultSet = await change(admin, 'PUT', '/default', {
        primaryColor: '#123456',
        hideServiceName: true,
      });
      const byDefault = await get(owner, 'label');
      expectPolicy(
        byDefault,
        { primaryColor: '#123456', isDefault: true, hideServiceName: true, hasLogo: false },
        { sequence: defaultSet, resourceOwner: 'instance' },
      );
      expect(byDefault.headers.get('etag')).to.equal(null);
      const defaultRead = await get(owner, 'default/label');
      expect(defaultRead.headers.get('etag')).to.equal(`"${defaultSet}"`);
      const conditional = (path: string, caller: BuiltMember, ifMatch: string) =>
        service.call('PUT', `/management/v1/policies/label${path}`, {
          token: caller.token,
          body: { primaryColor: '#654321' },
          headers: { 'if-match': ifMatch },
        });
      expectErrorOf(await conditional('/default', admin, '"-1"'), 'RESOURCE-CHANGED');
      expect((await get(owner, 'default/label')).body).to.deep.equal(defaultRead.body);
      // The organization's policy takes the organization's ETag (GetMyOrg's).
      expectErrorOf(await conditional('', owner, '"-1"'), 'RESOURCE-CHANGED');
      const org = await service.call('GET', '/management/v1/orgs/me', { token: owner.token });
      const orgTaken = await conditional('', owner, org.headers.get('etag')!);
      expect(orgTaken.status, orgTaken.text).to.equal(200);
      expect((await get(owner, 'label')).body.policy.primaryColor).to.equal('#654321');
      const taken = await conditional('/default', admin, defaultRead.headers.get('etag')!);
      expect(taken.status, taken.text).to.equal(200);

      const ownSet = await change(owner, 'PUT', '', {
        warningColor: '#ff0000',
        logo: PNG.toString('base64'),
      });
      const own = await get(owner, 'label');
      expect(own.body.policy).to.have.all.keys(
        'details',
        'isDefault',
        'warnColor',
        'hideServiceName',
        'hasLogo',
      );
      expectPolicy(
        own,
        { warnColor: '#ff0000', isDefault: false, hideServiceName: false, hasLogo: true },
        { sequence: ownSet, resourceOwner: owner.orgId },
      );

      await change(owner, 'DELETE', '');
      const reset = await get(owner, 'label');
      expect(reset.body.isDefault).to.equal(true);
      expect(reset.body.policy).to.deep.include({
        primaryColor: '#654321',
        hideServiceName: false,
      });

      await change(admin, 'DELETE', '/default');
      const ownLook = await get(owner, 'default/label');
      expect(ownLook.body.policy).to.deep.include({ isDefault: true, hasLogo: false });
      expect(ownLook.body.policy).to.not.have.any.keys('primaryColor');
      expect(Number(ownLook.body.policy.details.sequence)).to.be.greaterThan(Number(defaultSet));
    });

    it('lets the roles that change policies read them, and no other', async () => {
      for (const roles of [['ORG_USER_MANAGER'], ['ORG_PROJECT_OWNER'], ['ORG_USER_VIEWER']]) {
        const caller = await buildMember(service, { orgId: owner.orgId, roles });
        expectErrorOf(await get(caller, 'label'), 'AUTH-PERMISSION-DENIED');
        expectErrorOf(await get(caller, 'default/label'), 'AUTH-PERMISSION-DENIED');
      }
    });
  },
  { KAFKA_BROKERS: '' },
);
