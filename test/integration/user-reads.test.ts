import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildMember, buildOwner, type BuiltMember } from '../support/factories.js';
import { addSecret, buildMachine } from '../support/machine-users.js';
import { expectErrorOf } from '../support/service-error.js';
import type { TestService } from '../support/test-service.js';

const AFTER = 'x-identity-after-sequence';

/** GetUserByID as `caller`, waiting for the writes `after` names when given. */
const getUser = (service: TestService, caller: BuiltMember, id: string, after?: string) =>
  service.call('GET', `/management/v1/users/${encodeURIComponent(id)}`, {
    token: caller.token,
    ...(after && { headers: { [AFTER]: after } }),
  });

/** ListUsers as `caller`. */
const listUsers = (service: TestService, caller: BuiltMember, body: object, after?: string) =>
  service.call('POST', '/management/v1/users/_search', {
    token: caller.token,
    body,
    ...(after && { headers: { [AFTER]: after } }),
  });

const person = (userName: string, extra: object = {}) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace', nickName: 'Countess' },
  email: { email: `${userName}@Example.com`, isEmailVerified: true },
  ...extra,
});

describeOnEachDatabase(
  'Reading users: GetUserByID and ListUsers from the read model',
  (service) => {
    let owner: BuiltMember;

    before(async () => {
      owner = await buildOwner(service);
    });

    it('a read that names the write waits for the worker, and says so when it does not come', async () => {
      const imported = await service.importUser(person('before-worker'), { token: owner.token });
      expect(imported.status, imported.text).to.equal(200);
      const { userId, details } = imported.body;
      const started = performance.now();
      const behind = await getUser(service, owner, userId, details.sequence);
      expectErrorOf(behind, 'READ-MODEL-BEHIND');
      expect(performance.now() - started).to.be.at.least(4900);

      await service.startWorker();
      const read = await getUser(service, owner, userId, details.sequence);
      expect(read.status, read.text).to.equal(200);
      expect(read.body.user).to.deep.include({
        id: userId,
        state: 'USER_STATE_ACTIVE',
        userName: 'before-worker',
        loginNames: ['before-worker'],
        preferredLoginName: 'before-worker',
      });
      expect(read.body.user.human).to.deep.equal({
        profile: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          nickName: 'Countess',
          displayName: 'Ada Lovelace',
          gender: 'GENDER_UNSPECIFIED',
        },
        email: { email: 'before-worker@Example.com', isEmailVerified: true },
      });
      expect(read.body.user.details).to.deep.include({
        sequence: details.sequence,
        resourceOwner: owner.orgId,
      });
    });

    it('reads what was just written at once, by id and in a list', async () => {
      for (let i = 0; i < 3; i++) {
        const imported = await service.importUser(person(`at-once-${i}`), { token: owner.token });
        const { userId, details } = imported.body;
        const read = await getUser(service, owner, userId, details.sequence);
        expect(read.status, read.text).to.equal(200);
        const listed = await listUsers(
          service,
          owner,
          { queries: [{ userNameQuery: { userName: `at-once-${i}` } }] },
          details.sequence,
        );
        expect(listed.body.result.map((user: { id: string }) => user.id)).to.deep.equal([userId]);
        expect(BigInt(listed.body.details.processedSequence) >= BigInt(details.sequence)).to.equal(
          true,
        );
        expect(listed.body.details.totalResult).to.equal('1');
      }
    });

    it('lists machine users beside people, with their name, description and secret', async () => {
      const machine = await buildMachine(service, { owner });
      await addSecret(service, machine);
      const events = await service.events(machine.userId);
      const after = String(events.at(-1)!.position);
      const listed = await listUsers(
        service,
        owner,
        { queries: [{ typeQuery: { type: 'TYPE_MACHINE' } }] },
        after,
      );
      expect(listed.status, listed.text).to.equal(200);
      const found = listed.body.result.find((user: { id: string }) => user.id === machine.userId);
      expect(found).to.deep.include({ userName: machine.userName, state: 'USER_STATE_ACTIVE' });
      expect(found.machine).to.deep.equal({
        name: 'Provisioning job',
        description: 'imports sign-ups',
        hasSecret: true,
      });
      expect(found).not.to.have.property('human');
    });

    it('finds users by every text method, by state, type, ids and emails, combined with and, or and not', async () => {
      const org = await buildOwner(service);
      const names = ['Alpha.One', 'alpha.two', 'beta_one', 'gamma%three', 'Ünïcode'];
      const MAILBOXES = ['alpha1', 'alpha2', 'beta1', 'gamma3', 'unicode'];
      let last = '';
      const ids: Record<string, string> = {};
      for (const [index, name] of names.entries()) {
        const imported = await service.importUser(
          person(name, {
            profile: { firstName: `First${index}`, lastName: index % 2 ? 'Odd' : 'Even' },
            email: { email: `${MAILBOXES[index]}@Example.com` },
            externalId: `ext-${index}`,
          }),
          { token: org.token },
        );
        expect(imported.status, imported.text).to.equal(200);
        ids[name] = imported.body.userId;
        last = imported.body.details.sequence;
      }
      const found = async (queries: object[]) => {
        const listed = await listUsers(
          service,
          org,
          { queries: [{ typeQuery: { type: 'TYPE_HUMAN' } }, ...queries], query: { limit: 1000 } },
          last,
        );
        expect(listed.status, listed.text).to.equal(200);
        return (listed.body.result as { userName: string }[])
          .map((user) => user.userName)
          .filter((name) => names.includes(name))
          .sort();
      };
      const text = (method: string, userName: string) => [
        { userNameQuery: { userName, method: `TEXT_QUERY_METHOD_${method}` } },
      ];
      expect(await found(text('EQUALS', 'alpha.two'))).to.deep.equal(['alpha.two']);
      expect(await found(text('EQUALS', 'ALPHA.TWO'))).to.deep.equal([]);
      expect(await found(text('EQUALS_IGNORE_CASE', 'ALPHA.TWO'))).to.deep.equal(['alpha.two']);
      expect(await found(text('STARTS_WITH', 'alpha'))).to.deep.equal(['alpha.two']);
      expect(await found(text('STARTS_WITH_IGNORE_CASE', 'ALPHA'))).to.deep.equal([
        'Alpha.One',
        'alpha.two',
      ]);
      expect(await found(text('CONTAINS', '_'))).to.deep.equal(['beta_one']);
      expect(await found(text('CONTAINS', '%'))).to.deep.equal(['gamma%three']);
      expect(await found(text('CONTAINS_IGNORE_CASE', 'ONE'))).to.deep.equal([
        'Alpha.One',
        'beta_one',
      ]);
      expect(await found(text('ENDS_WITH', 'One'))).to.deep.equal(['Alpha.One']);
      expect(await found(text('ENDS_WITH_IGNORE_CASE', 'ONE'))).to.deep.equal([
        'Alpha.One',
        'beta_one',
      ]);
      expect(await found(text('STARTS_WITH_IGNORE_CASE', 'üNÏ'))).to.deep.equal(['Ünïcode']);
      expect(
        await found([
          {
            emailQuery: {
              emailAddress: 'BETA1@EXAMPLE.COM',
              method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
            },
          },
        ]),
      ).to.deep.equal(['beta_one']);
      expect(
        await found([
          { firstNameQuery: { firstName: 'First3' } },
          { lastNameQuery: { lastName: 'Odd' } },
        ]),
      ).to.deep.equal(['gamma%three']);
      expect(await found([{ externalIdQuery: { externalId: 'ext-4' } }])).to.deep.equal([
        'Ünïcode',
      ]);
      expect(
        await found([
          {
            orQuery: {
              queries: [
                { userNameQuery: { userName: 'beta_one' } },
                { inUserIdsQuery: { userIds: [ids['Ünïcode']] } },
              ],
            },
          },
        ]),
      ).to.deep.equal(['beta_one', 'Ünïcode']);
      expect(
        await found([
          { notQuery: { query: { lastNameQuery: { lastName: 'Even' } } } },
          {
            andQuery: {
              queries: [
                {
                  inUserEmailsQuery: {
                    userEmails: ['ALPHA2@example.com', 'beta1@example.com'],
                  },
                },
              ],
            },
          },
        ]),
      ).to.deep.equal(['alpha.two']);
      expect(await found([{ stateQuery: { state: 'USER_STATE_ACTIVE' } }])).to.deep.equal(
        [...names].sort(),
      );
      expect(await found([{ stateQuery: { state: 'USER_STATE_INACTIVE' } }])).to.deep.equal([]);
    });

    it('answers each criterion alone, in every order, as the same criterion nested in an and', async () => {
      // A list of plain criteria tells MariaDB's planner the indexes it may read through; a
      // nested one leaves it every index. The users, and their order, must not differ.
      const org = await buildOwner(service);
      const ids: string[] = [];
      const emails: string[] = [];
      let last = '';
      for (const name of ['Order.C', 'order.a', 'ORDER.B']) {
        const imported = await service.importUser(
          person(name, {
            profile: { firstName: name, lastName: 'Sorted', displayName: `Shown ${name}` },
          }),
          { token: org.token },
        );
        expect(imported.status, imported.text).to.equal(200);
        ids.push(imported.body.userId);
        emails.push(`${name}@Example.com`);
        last = imported.body.details.sequence;
      }
      const since = {
        creationDate: '2000-01-01T00:00:00Z',
        method: 'TIMESTAMP_QUERY_METHOD_GREATER',
      };
      const criteria: object[] = [
        {
          userNameQuery: {
            userName: 'ORDER.',
            method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
          },
        },
        { loginNameQuery: { loginName: 'order.a', method: 'TEXT_QUERY_METHOD_EQUALS' } },
        {
          emailQuery: {
            emailAddress: 'order',
            method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
          },
        },
        { inUserEmailsQuery: { userEmails: emails } },
        { inUserIdsQuery: { userIds: ids } },
        { displayNameQuery: { displayName: 'Shown ', method: 'TEXT_QUERY_METHOD_STARTS_WITH' } },
        { creationDateQuery: since },
        { changeDateQuery: { changeDate: since.creationDate, method: since.method } },
        { stateQuery: { state: 'USER_STATE_ACTIVE' } },
        { typeQuery: { type: 'TYPE_HUMAN' } },
      ];
      const SORTING = ['UNSPECIFIED', 'USER_NAME', 'FIRST_NAME', 'LAST_NAME', 'NICK_NAME'].concat([
        'DISPLAY_NAME',
        'EMAIL',
        'STATE',
        'TYPE',
        'CREATION_DATE',
      ]);
      const listed = async (queries: object[], sorting: string) => {
        const answer = await listUsers(
          service,
          org,
          { queries, sortingColumn: `USER_FIELD_NAME_${sorting}`, query: { limit: 2 } },
          last,
        );
        expect(answer.status, answer.text).to.equal(200);
        return {
          names: (answer.body.result as { userName: string }[]).map((user) => user.userName),
          total: answer.body.details.totalResult,
        };
      };
      for (const criterion of criteria)
        for (const sorting of SORTING) {
          const plain = await listed(
            [criterion, { lastNameQuery: { lastName: 'Sorted' } }],
            sorting,
          );
          const nested = await listed(
            [{ andQuery: { queries: [criterion, { lastNameQuery: { lastName: 'Sorted' } }] } }],
            sorting,
          );
          const what = `${JSON.stringify(criterion)} by ${sorting}`;
          expect(plain, what).to.deep.equal(nested);
          const one = 'loginNameQuery' in criterion;
          expect(plain.total, what).to.equal(one ? '1' : '3');
          expect(plain.names, what).to.have.length(one ? 1 : 2);
        }
    });

    it('counts a search past its last page, and says how far it read on an empty page too', async () => {
      // The read model's progress comes in the page's statement, beside its rows; a page without
      // rows brings none, and it is asked on its own.
      const org = await buildOwner(service);
      let last = '';
      for (const name of ['past.1', 'past.2', 'past.3']) {
        const imported = await service.importUser(person(name), { token: org.token });
        expect(imported.status, imported.text).to.equal(200);
        last = imported.body.details.sequence;
      }
      const prefix = (userName: string, query: object) => ({
        query,
        queries: [
          { userNameQuery: { userName, method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } },
        ],
      });
      for (const [body, total, shown] of [
        [prefix('PAST.', { limit: 2 }), '3', 2],
        [prefix('PAST.', { limit: 3 }), '3', 3],
        [prefix('PAST.', { limit: 2, offset: 2 }), '3', 1],
        [prefix('PAST.', { limit: 2, offset: 5 }), '3', 0],
        [prefix('nobody.', { limit: 2 }), '0', 0],
      ] as const) {
        const answer = await listUsers(service, org, body, last);
        expect(answer.status, answer.text).to.equal(200);
        const what = JSON.stringify(body);
        expect(answer.body.details.totalResult, what).to.equal(total);
        expect(answer.body.result ?? [], what).to.have.length(shown);
        expect(BigInt(answer.body.details.processedSequence) >= BigInt(last), what).to.equal(true);
        expect(Date.parse(answer.body.details.viewTimestamp), what).to.be.above(0);
      }
    });

    it('refuses a cursor of another list, a bad header, and answers no user of another organization', async () => {
      const first = await listUsers(service, owner, { query: { limit: 1 } });
      expect(first.status, first.text).to.equal(200);
      const cursor = first.body.details.nextCursor as string;
      expect(cursor).to.be.a('string');
      const other = await listUsers(service, owner, {
        query: { limit: 1, cursor },
        sortingColumn: 'USER_FIELD_NAME_EMAIL',
      });
      expectErrorOf(other, 'REQUEST-INVALID', ['query.cursor']);
      for (const bad of ['x', '0', '1,,2', `${'9'.repeat(20)}`]) {
        const refused = await getUser(service, owner, owner.userId, bad);
        expectErrorOf(refused, 'REQUEST-INVALID', [AFTER]);
      }
      const unknown = await getUser(service, owner, owner.userId, '999999999');
      expectErrorOf(unknown, 'REQUEST-INVALID', [AFTER]);
      const stranger = await buildOwner(service);
      expectErrorOf(await getUser(service, stranger, owner.userId), 'USER-NOT-FOUND');
      expectErrorOf(await getUser(service, owner, 'no-such-user'), 'USER-NOT-FOUND');
    });

    it('pages by cursor through names that look like times, and after a thousand ids', async () => {
      const org = await buildOwner(service);
      const times = ['2020-01-01 00:00:00', '2020-01-01 00:00:01', '2020-99-99 99:99:99'];
      let last = '';
      for (const [index, displayName] of times.entries()) {
        const imported = await service.importUser(
          person(`timely-${index}`, { profile: { firstName: 'T', lastName: 'M', displayName } }),
          { token: org.token },
        );
        last = imported.body.details.sequence;
      }
      const page = (body: object) => listUsers(service, org, body, last);
      const names: string[] = [];
      let cursor: string | undefined;
      const byName = {
        sortingColumn: 'USER_FIELD_NAME_DISPLAY_NAME',
        queries: [
          { userNameQuery: { userName: 'timely-', method: 'TEXT_QUERY_METHOD_STARTS_WITH' } },
        ],
      };
      do {
        const answer = await page({
          ...byName,
          query: { limit: 1, asc: true, ...(cursor && { cursor }) },
        });
        expect(answer.status, answer.text).to.equal(200);
        names.push(
          ...answer.body.result.map(
            (user: { human: { profile: { displayName: string } } }) =>
              user.human.profile.displayName,
          ),
        );
        cursor = answer.body.details.nextCursor;
      } while (cursor && names.length < 10);
      expect(names).to.deep.equal(times);

      const userIds = Array.from(
        { length: 1000 },
        (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      );
      const listed = await listUsers(service, org, {
        query: { limit: 1 },
        queries: [{ notQuery: { query: { inUserIdsQuery: { userIds } } } }],
      });
      expect(listed.status, listed.text).to.equal(200);
      const next = await listUsers(service, org, {
        query: { limit: 1, cursor: listed.body.details.nextCursor },
        queries: [{ notQuery: { query: { inUserIdsQuery: { userIds } } } }],
      });
      expect(next.status, next.text).to.equal(200);
      expect(next.body.result[0].id).not.to.equal(listed.body.result[0].id);
    });

    it('lets a viewer read users and nothing else, and no project owner read them', async () => {
      const viewer = await buildMember(service, { orgId: owner.orgId, roles: ['ORG_USER_VIEWER'] });
      const listed = await listUsers(service, viewer, {});
      expect(listed.status, listed.text).to.equal(200);
      expectErrorOf(
        await service.importUser(person('by-viewer'), { token: viewer.token }),
        'AUTH-PERMISSION-DENIED',
      );
      const projects = await buildMember(service, {
        orgId: owner.orgId,
        roles: ['ORG_PROJECT_OWNER'],
      });
      expectErrorOf(await listUsers(service, projects, {}), 'AUTH-PERMISSION-DENIED');
    });
  },
  { KAFKA_BROKERS: '' },
);
