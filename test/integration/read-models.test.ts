import { expect } from 'chai';
import fc from 'fast-check';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { ProjectReadModelConsumer } from '../../services/worker/consumers/read-models/project-read-model.consumer.js';
import {
  eventually,
  projectAsRead,
  projectAsWritten,
  userAsRead,
  userAsWritten,
} from '../support/read-model-expectations.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

let smtp: SmtpSink;

describeOnEachDatabase(
  'read models',
  (service) => {
    let owner: { orgId: string; userId: string; token: string };
    const cloudEvents = async (aggregateId: string) =>
      (await service.events(aggregateId)).map((event) => toCloudEvent(event, 'urn:test'));

    before(async () => {
      owner = await buildOwner(service);
    });
    after(async () => {
      await smtp.stop();
    });

    describe('perform(event), called directly', () => {
      it('builds a user from its events, and applying them again or out of order changes nothing', async () => {
        const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
        const imported = await service.importUser(
          {
            userName: 'direct',
            profile: { firstName: 'Dee', lastName: 'Rect', preferredLanguage: 'de-ch' },
            email: { email: 'direct@example.com', isEmailVerified: true },
            phone: { phone: '+41791234567', isPhoneVerified: true },
            hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
            passwordChangeRequired: true,
            otpCode: 'JBSWY3DPEHPK3PXP',
            idps: [
              { configId: idp, externalUserId: 'x-1', displayName: 'X' },
              { configId: idp, externalUserId: 'x-2' },
            ],
          },
          { token: owner.token },
        );
        const userId = imported.body.userId;
        const consumer = new UserReadModelConsumer(service.dataSource);
        const events = await cloudEvents(userId);
        for (const event of events) await consumer.perform(event);
        expect(await userAsRead(service.dataSource, userId)).to.deep.equal(
          await userAsWritten(service.dataSource, userId),
        );

        const snapshot = await userAsRead(service.dataSource, userId);
        for (const event of events) await consumer.perform(event);
        for (const event of [...events].reverse()) await consumer.perform(event);
        expect(await userAsRead(service.dataSource, userId)).to.deep.equal(snapshot);
      });

      it('ignores an older profile change arriving after a newer one', async () => {
        const { userId, token } = await buildMember(service, { orgId: owner.orgId });
        await service.updateMyProfile(
          { firstName: 'Old', lastName: 'Name', displayName: 'Old' },
          { token },
        );
        await service.updateMyProfile(
          { firstName: 'New', lastName: 'Name', displayName: 'New' },
          { token },
        );
        const consumer = new UserReadModelConsumer(service.dataSource);
        const events = await cloudEvents(userId);
        const [older, newer] = events.slice(-2);
        for (const event of [...events.slice(0, -2), newer!, older!]) await consumer.perform(event);
        const read = await userAsRead(service.dataSource, userId);
        expect(read).to.include({ firstName: 'New', sequence: newer!.sequence });
        expect(read).to.deep.equal(await userAsWritten(service.dataSource, userId));
      });

      it('performAll: one batch of several users, replays and an older change last, as perform one by one', async () => {
        const first = await buildMember(service, { orgId: owner.orgId });
        const second = await buildMember(service, { orgId: owner.orgId });
        for (const [name, token] of [
          ['One', first.token],
          ['Two', second.token],
          ['Three', first.token],
        ] as const) {
          const answer = await service.updateMyProfile(
            { firstName: name, lastName: 'Batch', displayName: name },
            { token },
          );
          expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
        }
        const [firstEvents, secondEvents] = [
          await cloudEvents(first.userId),
          await cloudEvents(second.userId),
        ];
        const batch = [
          ...secondEvents,
          ...firstEvents,
          ...secondEvents,
          firstEvents.at(-2)!, // first's older profile change, after its newer one
        ];
        await new UserReadModelConsumer(service.dataSource).performAll(batch);
        for (const { userId } of [first, second]) {
          expect(await userAsRead(service.dataSource, userId)).to.deep.equal(
            await userAsWritten(service.dataSource, userId),
          );
        }
        expect(await userAsRead(service.dataSource, first.userId)).to.include({
          firstName: 'Three',
        });
      });

      it('performAll folds the changes of each row and leaves the rows as one by one would, from any state, with replays and late events', async () => {
        const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
        const users: string[] = [];
        for (const name of ['fold-a', 'fold-b']) {
          const imported = await service.importUser(
            {
              userName: name,
              profile: { firstName: 'Fold', lastName: name },
              email: { email: `${name}@example.com`, isEmailVerified: true },
              phone: { phone: '+41791234567', isPhoneVerified: true },
              hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
              otpCode: 'JBSWY3DPEHPK3PXP',
              idps: [{ configId: idp, externalUserId: `${name}-1`, displayName: 'X' }],
            },
            { token: owner.token },
          );
          expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
          users.push(imported.body.userId);
          // A change after the link's append, so that a batch may hold the two in order.
          const changed = await service.updateMyProfile(
            { firstName: 'Folded', lastName: name, displayName: name },
            { token: await service.token(imported.body.userId) },
          );
          expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
        }
        const events = [...(await cloudEvents(users[0]!)), ...(await cloudEvents(users[1]!))];
        const consumer = new UserReadModelConsumer(service.dataSource);
        const rowsAfter = async (before: number[], apply: () => Promise<void>) => {
          await service.dataSource.query('DELETE FROM user_read_models WHERE id IN (?, ?)', users);
          for (const index of before) await consumer.perform(events[index]!);
          await apply();
          return Promise.all(users.map((userId) => userAsRead(service.dataSource, userId)));
        };
        const index = fc.nat({ max: events.length - 1 });
        await fc.assert(
          fc.asyncProperty(
            fc.array(index, { maxLength: 6 }),
            fc.array(index, { minLength: 1, maxLength: 20 }),
            async (before, batch) => {
              const oneByOne = await rowsAfter(before, async () => {
                for (const at of batch) await consumer.perform(events[at]!);
              });
              const folded = await rowsAfter(before, () =>
                consumer.performAll(batch.map((at) => events[at]!)),
              );
              expect(folded).to.deep.equal(oneByOne);
            },
          ),
          {
            numRuns: 60,
            // A user's events: added, email and phone verified, password set, OTP added, the
            // link appended, the profile changed (the second user's follow, from 7).
            examples: [
              [
                [0, 5],
                [5, 6],
              ], // an append already applied, batched with the change after it
              [
                [0, 1, 2],
                [0, 1, 3],
              ], // a replay of the first events, then a newer one
              [[], [6, 0, 5, 1, 13, 7]], // late events for both users
            ],
          },
        );
        // And the whole history in order, in one batch, is the write side.
        await rowsAfter([], () => consumer.performAll(events));
        for (const userId of users) {
          expect(await userAsRead(service.dataSource, userId)).to.deep.equal(
            await userAsWritten(service.dataSource, userId),
          );
        }
      });

      it('builds a project from its events, idempotently', async () => {
        const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Direct' }))
          .projectId;
        await service.updateProject(
          projectId,
          { name: 'Direct 2', projectRoleCheck: true },
          { token: owner.token },
        );
        const consumer = new ProjectReadModelConsumer(service.dataSource);
        const events = await cloudEvents(projectId);
        for (const event of [...events, ...events, events[0]!]) await consumer.perform(event);
        expect(await projectAsRead(service.dataSource, projectId)).to.deep.equal(
          await projectAsWritten(service.dataSource, projectId),
        );
      });
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
        const read = () => userAsRead(service.dataSource, userId);
        const written = () => userAsWritten(service.dataSource, userId);
        const created = await eventually(read, written);
        expect(created).to.include({
          creationDate: created!.creationDate,
          hasPassword: true,
          emailVerified: false,
        });
        await eventually(
          () => projectAsRead(service.dataSource, projectId),
          () => projectAsWritten(service.dataSource, projectId),
        );

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
        const updated = await eventually(read, written);
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
        const project = await eventually(
          () => projectAsRead(service.dataSource, projectId),
          () => projectAsWritten(service.dataSource, projectId),
        );
        expect(project).to.include({ name: 'Through Kafka 2', hasProjectCheck: true });
      });

      it('are unchanged by replaying the topics from the start', async () => {
        const users = (await service.dataSource.query('SELECT id FROM users')) as { id: string }[];
        for (const { id } of users)
          await eventually(
            () => userAsRead(service.dataSource, id),
            () => userAsWritten(service.dataSource, id),
          );
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
