import * as OTPAuth from 'otpauth';
import { expect } from 'chai';
import fc from 'fast-check';
import { toCloudEvent } from '../../shared/events/cloud-event.js';
import { UserReadModelConsumer } from '../../services/worker/consumers/read-models/user-read-model.consumer.js';
import { ProjectReadModelConsumer } from '../../services/worker/consumers/read-models/project-read-model.consumer.js';
import {
  projectAsRead,
  projectAsWritten,
  userAsRead,
  userAsWritten,
} from '../support/read-model-expectations.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';

describeOnEachDatabase('read models', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  const cloudEvents = async (aggregateId: string) =>
    (await service.events(aggregateId)).map((event) => toCloudEvent(event, 'urn:test'));

  before(async () => {
    owner = await buildOwner(service);
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

    it('counts a TOTP factor added on the account page once its code confirmed it', async () => {
      const { userId } = await buildMember(service, { orgId: owner.orgId });
      const token = await service.token(userId, {
        claims: { auth_time: Math.floor(Date.now() / 1000) },
      });
      const consumer = new UserReadModelConsumer(service.dataSource);
      const hasOtp = async () => {
        for (const event of await cloudEvents(userId)) await consumer.perform(event);
        return (await userAsRead(service.dataSource, userId))?.hasOtp;
      };
      const OTP = '/auth/v1/users/me/auth_factors/otp';
      const { secret } = (await service.call('POST', OTP, { token, body: {} })).body;
      expect(await hasOtp(), 'pending').to.equal(false);
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
      await service.call('POST', `${OTP}/_verify`, { token, body: { code } });
      expect(await hasOtp(), 'verified').to.equal(true);
      await service.call('DELETE', OTP, { token });
      expect(await hasOtp(), 'removed').to.equal(false);
      expect(await userAsRead(service.dataSource, userId)).to.deep.equal(
        await userAsWritten(service.dataSource, userId),
      );
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

    it("keeps each organization's count of users exact, whatever batches, replays and late events build its rows", async () => {
      const { orgId, token } = await buildOwner(service);
      const users: string[] = [];
      for (const name of ['count-a', 'count-b', 'count-c']) {
        const imported = await service.importUser(
          {
            userName: name,
            profile: { firstName: 'Count', lastName: name },
            email: { email: `${name}@example.com`, isEmailVerified: true },
          },
          { token },
        );
        expect(imported.status, JSON.stringify(imported.body)).to.equal(200);
        users.push(imported.body.userId);
      }
      const [, deactivated, removed] = users;
      for (const [method, path] of [
        ['POST', `/management/v1/users/${deactivated}/_deactivate`],
        ['DELETE', `/management/v1/users/${removed}`],
      ] as const) {
        const answer = await service.call(method, path, { token, body: {} });
        expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      }
      const events = (await Promise.all(users.map(cloudEvents))).flat();
      const consumer = new UserReadModelConsumer(service.dataSource);
      const counts = async () => {
        const [kept] = (await service.dataSource.query(
          'SELECT users FROM org_user_counts WHERE org_id = ?',
          [orgId],
        )) as { users: number | string }[];
        const [counted] = (await service.dataSource.query(
          "SELECT COUNT(*) AS users FROM user_read_models WHERE org_id = ? AND state <> 'removed'",
          [orgId],
        )) as { users: number | string }[];
        return { kept: Number(kept?.users ?? 0), counted: Number(counted!.users) };
      };
      const index = fc.nat({ max: events.length - 1 });
      await fc.assert(
        fc.asyncProperty(
          fc.array(index, { maxLength: 8 }),
          fc.array(index, { minLength: 1, maxLength: 20 }),
          async (oneByOne, batch) => {
            // Rows deleted count down too: every run starts from none of them.
            await service.dataSource.query('DELETE FROM user_read_models WHERE org_id = ?', [
              orgId,
            ]);
            expect(await counts()).to.deep.equal({ kept: 0, counted: 0 });
            for (const at of oneByOne) await consumer.perform(events[at]!);
            await consumer.performAll(batch.map((at) => events[at]!));
            const { kept, counted } = await counts();
            expect(kept).to.equal(counted);
          },
        ),
        { numRuns: 40 },
      );
      await consumer.performAll([...events, ...events]);
      // The removed user's tombstone is not counted; the deactivated one is.
      expect(await counts()).to.deep.equal({ kept: 2, counted: 2 });
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
});
