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
  details: { totalResult: string; nextCursor?: string; previousCursor?: string };
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

    /** Every page of a list by its next cursors, then back from the last by its previous ones. */
    async function forthAndBack(body: { query: object }) {
      const ask = (cursor?: string) =>
        list({ ...body, query: { ...body.query, ...(cursor && { cursor }) } });
      const forth: Page[] = [await ask()];
      while (forth.at(-1)!.details.nextCursor)
        forth.push(await ask(forth.at(-1)!.details.nextCursor));
      const back: Page[] = [forth.at(-1)!];
      while (back.at(-1)!.details.previousCursor)
        back.push(await ask(back.at(-1)!.details.previousCursor));
      const ids = (pages: Page[]) => pages.map((page) => page.result.map((user) => user.id));
      return { forth: ids(forth), back: ids(back.reverse()), pages: [...forth, ...back] };
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

    it('back by the previous cursors from the last page: the same pages, each user once, in each order', async () => {
      for (const body of [
        { query: { limit: 1000 } },
        { query: { limit: 700, asc: true }, sortingColumn: 'USER_FIELD_NAME_USER_NAME' },
        // Imported a thousand at a time: many share a time, ordered by the id among them.
        { query: { limit: 450, asc: true }, sortingColumn: 'USER_FIELD_NAME_CREATION_DATE' },
        { query: { limit: 999 }, sortingColumn: 'USER_FIELD_NAME_EMAIL' },
      ]) {
        const { forth, back, pages } = await forthAndBack(body);
        const label = JSON.stringify(body);
        expectEachOnce(forth.flat());
        expect(back, label).to.deep.equal(forth);
        expect(pages[0]!.details.previousCursor, 'none before the first page').to.equal(undefined);
        for (const page of pages)
          expect(page.details.totalResult, label).to.equal(String(USERS + 1));
      }
    });

    it('by offset, sees each once and ends with an empty page; a page by offset has the cursor before it', async () => {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await list({ query: { offset: String(offset), limit: 1000, asc: true } });
        if (page.result.length === 0) break;
        ids.push(...page.result.map((user) => user.id));
        if (offset === 0) expect(page.details.previousCursor).to.equal(undefined);
        else {
          const before = await list({
            query: { limit: 1000, asc: true, cursor: page.details.previousCursor },
          });
          expect(before.result.map((user) => user.id)).to.deep.equal(
            ids.slice(offset - 1000, offset),
          );
        }
      }
      expectEachOnce(ids);
    });

    it('answers the cursors over gRPC and gRPC-web too, the same as over JSON', async () => {
      const grpcService = 'identity.management.v1.ManagementService';
      const request = { query: { offset: 600, limit: 300, asc: true } };
      const overJson = await list({ query: { ...request.query, offset: '600' } });
      for (const call of [
        (body: object) => service.grpc(grpcService, 'ListUsers', body, { token: owner.token }),
        (body: object) => service.grpcWeb(grpcService, 'ListUsers', body, { token: owner.token }),
      ]) {
        const page = await call(request);
        expect(page.code, JSON.stringify(page)).to.equal(0);
        const { nextCursor, previousCursor } = page.response.details;
        expect(page.response.details).to.include({
          previousCursor: overJson.details.previousCursor,
        });
        const before = await call({ query: { limit: 300, asc: true, cursor: previousCursor } });
        const after = await call({ query: { limit: 300, asc: true, cursor: nextCursor } });
        const ids = (answer: typeof page) =>
          (answer.response.result as { id: string }[]).map((user) => user.id);
        const listed = await list({ query: { offset: '300', limit: 900, asc: true } });
        const all = listed.result.map((user) => user.id);
        expect(ids(before)).to.deep.equal(all.slice(0, 300));
        expect(ids(page)).to.deep.equal(all.slice(300, 600));
        expect(ids(after)).to.deep.equal(all.slice(600, 900));
      }
    });

    it('refuses a previous cursor of another order, as it refuses a next one', async () => {
      const second = await list({ query: { offset: '10', limit: 10, asc: true } });
      const answer = await service.call('POST', '/management/v1/users/_search', {
        token: owner.token,
        body: { query: { limit: 10, cursor: second.details.previousCursor } },
      });
      expect(answer.status, answer.text).to.equal(400);
      expect(answer.text).to.include('query.cursor');
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
