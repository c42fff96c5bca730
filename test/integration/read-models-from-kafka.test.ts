import { expect } from 'chai';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { ProjectReadModelConsumer } from '../../services/worker/consumers/read-models/project-read-model.consumer.js';
import { projectReadCaughtUp, userReadCaughtUp } from '../support/read-model-expectations.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { buildIdp, buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

let smtp: SmtpSink;

describeOnEachDatabase(
  'read models, kept by the worker',
  (service) => {
    let owner: { orgId: string; userId: string; token: string };

    before(async () => {
      owner = await buildOwner(service);
    });
    after(async () => {
      await smtp.stop();
    });

    describe('kept by the worker from Kafka', () => {
      before(async () => {
        await service.startRelay();
        await service.startWorker();
      });

      it('match the write side field by field, details included, after a create and after updates', async () => {
        const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
        const imported = await service.importUser(
          {
            userName: 'through-kafka',
            profile: { firstName: 'Kay', lastName: 'Fka', nickName: 'kf', gender: 'GENDER_FEMALE' },
            email: { email: 'kafka@example.com' },
            password: 'Sup3r-secret!',
            idps: [{ configId: idp, externalUserId: 'k-1' }],
          },
          { token: owner.token },
        );
        const userId = imported.body.userId;
        const projectId = (
          await buildProject(service, { orgId: owner.orgId, name: 'Through Kafka' })
        ).projectId;
        const created = await userReadCaughtUp(service.dataSource, userId);
        expect(created).to.include({
          creationDate: created!.creationDate,
          hasPassword: true,
          emailVerified: false,
        });
        await projectReadCaughtUp(service.dataSource, projectId);

        const userToken = await service.token(userId);
        await service.updateMyProfile(
          {
            firstName: 'Kay',
            lastName: 'Updated',
            displayName: 'Kay U',
            preferredLanguage: 'en-gb',
            gender: 'GENDER_DIVERSE',
          },
          { token: userToken },
        );
        await service.updateProject(
          projectId,
          {
            name: 'Through Kafka 2',
            hasProjectCheck: true,
            privateLabelingSetting:
              'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY',
          },
          { token: owner.token },
        );
        const updated = await userReadCaughtUp(service.dataSource, userId);
        expect(updated).to.include({
          lastName: 'Updated',
          preferredLanguage: 'en-GB',
          nickName: null,
        });
        expect(updated!.changeDate.getTime()).to.be.greaterThan(updated!.creationDate.getTime());
        const profile = {
          firstName: 'Kay',
          lastName: 'Updated',
          displayName: 'Kay U',
          preferredLanguage: 'en-GB',
          gender: 'GENDER_DIVERSE',
        };
        const mine = await service.call('GET', '/auth/v1/users/me/profile', { token: userToken });
        expect(mine.status).to.equal(200);
        expect(
          mine.body,
          'GetMyProfile reads the read model, with the details of a read',
        ).to.deep.equal({
          details: {
            sequence: updated!.sequence,
            creationDate: updated!.creationDate.toISOString(),
            changeDate: updated!.changeDate.toISOString(),
            resourceOwner: owner.orgId,
          },
          profile,
        });
        const overGrpc = await service.grpc(
          'identity.auth.v1.AuthService',
          'GetMyProfile',
          {},
          {
            token: userToken,
          },
        );
        expect(overGrpc.response.profile).to.deep.equal(profile);
        expect(overGrpc.response.details.sequence).to.equal(updated!.sequence);
        const project = await projectReadCaughtUp(service.dataSource, projectId);
        expect(project).to.include({ name: 'Through Kafka 2', hasProjectCheck: true });
      });

      it('are unchanged by replaying the topics from the start', async () => {
        const users = (await service.dataSource.query('SELECT id FROM users')) as { id: string }[];
        for (const { id } of users) await userReadCaughtUp(service.dataSource, id);
        const before = await service.dataSource.query('SELECT * FROM user_read_models ORDER BY id');
        const beforeProjects = await service.dataSource.query(
          'SELECT * FROM project_read_models ORDER BY id',
        );
        const reader = await service.readTopics();
        try {
          const total = await service.count('events', 'published_at IS NOT NULL');
          await reader.waitFor(
            (received) => new Set(received.map((message) => message.event.id)).size >= total,
            30_000,
            `${total} events`,
          );
          const userConsumer = new UserReadModelConsumer(service.dataSource);
          const projectConsumer = new ProjectReadModelConsumer(service.dataSource);
          for (const { event } of reader.received) {
            if (userConsumer.handles.includes(event.type)) await userConsumer.perform(event);
            if (projectConsumer.handles.includes(event.type)) await projectConsumer.perform(event);
          }
        } finally {
          await reader.stop();
        }
        expect(
          await service.dataSource.query('SELECT * FROM user_read_models ORDER BY id'),
        ).to.deep.equal(before);
        expect(
          await service.dataSource.query('SELECT * FROM project_read_models ORDER BY id'),
        ).to.deep.equal(beforeProjects);
      });
    });
  },
  // One sink per suite, started before its service, which sends to it.
  async () => {
    smtp = await new SmtpSink().start();
    return { SMTP_URL: smtp.url };
  },
);
