import { expect } from 'chai';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildOwner, type BuiltMember } from '../support/factories.js';
import { pollUntil } from '../support/poll.js';
import { minimalImport } from '../support/requests.js';

const USERS = 10_000;
const BATCH = 1000;
const AFTER = 'x-identity-after-sequence';

interface Page {
  result: { id: string; userName: string }[];
  details: { totalResult: string; nextCursor?: string };
}

describeOnEachDatabase(
  `Paging through ${USERS.toLocaleString('en')} users`,
  function (service) {
    this.timeout(300_000);
    let owner: BuiltMember;
    const imported = new Set<string>();

    before(async () => {
      owner = await buildOwner(service);
      await service.startWorker();
      let last = '';
      for (let from = 0; from < USERS; from += BATCH) {
        const users = Array.from({ length: BATCH }, (_, i) =>
          minimalImport(`page-${String(from + i).padStart(5, '0')}`),
        );
        const answer = await service.call('POST', '/management/v1/users/human/_import-batch', {
          token: owner.token,
          body: { users, sendInitializationEmail: false },
        });
        expect(answer.status, answer.text).to.equal(200);
        for (const result of answer.body.results) imported.add(result.userId);
        last = answer.body.details.sequence;
      }
      // Every user shows before the lists are read: the read waits 5 s at most, so ask again
      // while the worker catches up (READ-MODEL-BEHIND says to).
      const caughtUp = await pollUntil(
        () =>
          service.call('POST', '/management/v1/users/_search', {
            token: owner.token,
            body: { query: { limit: 1 } },
            headers: { [AFTER]: last },
          }),
        (answer) => answer.status !== 503,
        120_000,
      );
      expect(caughtUp.status, caughtUp.text).to.equal(200);
      expect(caughtUp.body.details.totalResult).to.equal(String(USERS + 1));
    });

    async function list(body: object): Promise<Page> {
      const answer = await service.call('POST', '/management/v1/users/_search', {
        token: owner.token,
        body,
      });
      expect(answer.status, answer.text).to.equal(200);
      return answer.body as Page;
    }

    /** Every page of a list by its cursor: the ids in the order met. */
    async function byCursor(body: { query: object }): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ ...body, query: { ...body.query, ...(cursor && { cursor }) } });
        ids.push(...page.result.map((user) => user.id));
        cursor = page.details.nextCursor;
      } while (cursor);
      return ids;
    }

    const expectEachOnce = (ids: string[]) => {
      expect(new Set(ids).size, 'no user twice').to.equal(ids.length);
      expect(ids.filter((id) => imported.has(id)).length, 'every user').to.equal(USERS);
      expect(ids.length).to.equal(USERS + 1); // and the owner
    };

    it('by cursor, in the order made (descending) and by user name (ascending)', async () => {
      const made = await byCursor({ query: { limit: 1000 } });
      expectEachOnce(made);
      expect(made, 'by id, descending').to.deep.equal([...made].sort().reverse());

      const byName = await byCursor({
        query: { limit: 700, asc: true },
        sortingColumn: 'USER_FIELD_NAME_USER_NAME',
      } as { query: object });
      expectEachOnce(byName);
    });

    it('by offset, sees each once and ends with an empty page', async () => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await list({ query: { offset: String(offset), limit: 1000, asc: true } });
        if (page.result.length === 0) break;
        ids.push(...page.result.map((user) => user.id));
      }
      expectEachOnce(ids);
    });

    it('finds a prefix of the user name, and pages through its matches by cursor', async () => {
      const query = {
        userNameQuery: {
          userName: 'PAGE-012',
          method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE',
        },
      };
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({
          query: { limit: 30, asc: true, ...(cursor && { cursor }) },
          sortingColumn: 'USER_FIELD_NAME_USER_NAME',
          queries: [query],
        });
        expect(page.details.totalResult).to.equal('100');
        ids.push(...page.result.map((user) => user.userName));
        cursor = page.details.nextCursor;
      } while (cursor);
      expect(ids).to.deep.equal(
        Array.from({ length: 100 }, (_, i) => `page-012${String(i).padStart(2, '0')}`),
      );
    });
  },
  { KAFKA_BROKERS: '' },
);
