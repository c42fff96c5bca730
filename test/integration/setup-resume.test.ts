import { expect } from 'chai';
import { setup } from '../../services/api/admin/setup.js';
import { createHumanUser } from '../../services/api/admin/users.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOrg } from '../support/factories.js';

describeOnEachDatabase('setup, stopped part-way', function (service) {
  this.timeout(30_000);

  it('finishes what an earlier run began instead of failing on the administrator it made', async () => {
    // What a setup killed after importing the administrator, before granting the role, left.
    const orgId = (await buildOrg(service, { name: 'Default' })).orgId;
    const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
      userName: 'admin',
      profile: { firstName: 'Instance', lastName: 'Administrator' },
      email: { email: 'admin@localhost', isEmailVerified: true },
    });
    const resumed = await setup(service.dataSource, service.config);
    expect(resumed).to.include({ orgId, userId, created: true });
    expect(
      await service.count('role_grants', "user_id = ? AND role = 'IAM_OWNER'", [userId]),
    ).to.equal(1);
    const again = await setup(service.dataSource, service.config);
    expect(again).to.include({ orgId, userId, created: false });
    expect(await service.count('organizations')).to.equal(1);
  });
});
