import { expect } from 'chai';
import { addMember } from '../../services/api/admin/organizations.js';
import { pollUntil } from '../support/poll.js';
import { describeWithService } from '../support/databases.js';
import { buildMember, buildOwner, buildProject } from '../support/factories.js';

describe('the auth cache (AUTH_CACHE_MS)', function () {
  this.timeout(30_000);

  describeWithService(
    'at 300 ms',
    (service) => {
      it('refuses a revoked role and a deactivated user within the cache time', async () => {
        const owner = await buildOwner(service);
        const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Cached' }))
          .projectId;
        const update = (name: string) =>
          service.updateProject(projectId, { name }, { token: owner.token });
        expect((await update('Cached 1')).status).to.equal(200);

        await service.dataSource.query('DELETE FROM role_grants WHERE user_id = ?', [owner.userId]);
        const revoked = await pollUntil(
          async () => (await update('Cached 2')).status,
          (status) => status === 403,
          1500,
          50,
        );
        expect(revoked).to.equal(403);

        await service.dataSource.query("UPDATE users SET state = 'inactive' WHERE id = ?", [
          owner.userId,
        ]);
        const profile = () =>
          service.updateMyProfile(
            { firstName: 'A', lastName: 'B', displayName: 'A B' },
            { token: owner.token },
          );
        const deactivated = await pollUntil(
          async () => (await profile()).status,
          (status) => status === 401,
          1500,
          50,
        );
        expect(deactivated).to.equal(401);
      });
    },
    { AUTH_CACHE_MS: '300' },
  );

  describeWithService(
    'at a minute',
    (service) => {
      it('never accepts a remembered token past its expiry', async () => {
        const owner = await buildOwner(service);
        const token = await service.token(owner.userId, { ttlSeconds: 2 });
        const call = () =>
          service.updateMyProfile({ firstName: 'A', lastName: 'B', displayName: 'A B' }, { token });
        expect((await call()).status).to.equal(200);
        expect((await call()).status).to.equal(200);
        await new Promise((resolve) => setTimeout(resolve, 2100));
        const late = await call();
        expect(late.status).to.equal(401);
        expect(late.body.details[0].id).to.equal('AUTH-UNAUTHENTICATED');
      });

      it('remembers no refusal: a role granted after a 403 works at once', async () => {
        const owner = await buildOwner(service);
        const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Granted' }))
          .projectId;
        const member = await buildMember(service, { orgId: owner.orgId });
        const update = () =>
          service.updateProject(projectId, { name: 'Granted' }, { token: member.token });
        expect((await update()).status).to.equal(403);
        await addMember(service.dataSource, {
          orgId: owner.orgId,
          userId: member.userId,
          role: 'ORG_PROJECT_OWNER',
        });
        expect((await update()).status).to.equal(200);
      });

      it('remembers no failure: a token refused once is refused again, a good one then passes', async () => {
        const owner = await buildOwner(service);
        const bad = `${owner.token.slice(0, -4)}AAAA`;
        const call = (token: string) =>
          service.updateMyProfile({ firstName: 'A', lastName: 'B', displayName: 'A B' }, { token });
        expect((await call(bad)).status).to.equal(401);
        expect((await call(bad)).status).to.equal(401);
        expect((await call(owner.token)).status).to.equal(200);
      });
    },
    { AUTH_CACHE_MS: '60000' },
  );
});
