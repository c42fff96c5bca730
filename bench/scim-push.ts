/**
 * `npm run bench:scim-push`: a directory's initial push of users over SCIM, beside the batch
 * import, on the service as deployed (API, relay and worker, each a process of its own, over
 * MariaDB, Kafka and Redis: bench/migrate-services.ts), all on 127.0.0.1.
 *
 * Three phases, each with users of its own (a SCIM User with a verified work email and no
 * password, as Okta and Entra push them; so each is due an initialization email, which the
 * worker sends to files in every phase alike):
 * - `/Bulk`: `--users` users (100,000), `--per-request` (1,000) POST /Users operations a
 *   BulkRequest, `--bulk-callers` (1) requests in flight;
 * - the batch import (ImportHumanUsers, `POST /management/v1/users/human/_import-batch`): the same
 *   users in the same requests as ImportHumanUser's JSON, `--bulk-callers` in flight; it answers
 *   before the read model holds the users, so its time until they are there is given too;
 * - single `POST /Users`: `--single-users` users (100,000; a flag, as that takes long on a small
 *   machine) from `--callers` (4) callers.
 * Between phases the run waits until the relay and the read model have caught up. Each phase's
 * figure is users answered 201 (or made, for the import) per second of wall time. Prints JSON
 * and writes it to `--out`; stops the service and its database at the end.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import mysql from 'mysql2/promise';
import { sleep } from './bench-report.js';
import { startDistributed, type RunningService } from './migrate-services.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';

const scimUser = (userName: string) => ({
  schemas: [USER],
  userName,
  externalId: userName,
  name: { givenName: 'Pushed', familyName: 'Person' },
  emails: [{ value: `${userName}@example.com`, type: 'work', primary: true }],
});

const importedUser = (userName: string) => ({
  userName,
  externalId: userName,
  profile: { firstName: 'Pushed', lastName: 'Person' },
  email: { email: `${userName}@example.com`, isEmailVerified: true },
});

interface Phase {
  users: number;
  made: number;
  failed: number;
  seconds: number;
  usersPerSecond: number;
  /** The batch import: until the user read model holds every user, from the start. */
  untilReadSeconds?: number;
  firstFailure?: string;
}

/** Runs `count` jobs, `parallel` at a time; each answers how many users it made and failed. */
async function inParallel(
  count: number,
  parallel: number,
  job: (index: number) => Promise<{ made: number; failed: number; failure?: string }>,
) {
  let next = 0;
  let made = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const done = await job(next++);
        made += done.made;
        failed += done.failed;
        firstFailure ??= done.failure;
      }
    }),
  );
  return { made, failed, ...(firstFailure && { firstFailure }) };
}

async function post(service: RunningService, path: string, body: unknown, type: string) {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': type },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function phaseOf(users: number, started: number, outcome: Awaited<ReturnType<typeof inParallel>>) {
  const seconds = (performance.now() - started) / 1000;
  return {
    users,
    ...outcome,
    seconds: Math.round(seconds * 10) / 10,
    usersPerSecond: Math.round(outcome.made / seconds),
  };
}

/** Waits until the outbox is published and the user read model holds every person. */
async function settled(database: mysql.Connection, patienceMs = 600_000): Promise<void> {
  const until = Date.now() + patienceMs;
  while (Date.now() < until) {
    const [rows] = await database.query(
      `SELECT (SELECT COUNT(*) FROM events WHERE published_at IS NULL) AS unpublished,
              (SELECT COUNT(*) FROM users) - (SELECT COUNT(*) FROM user_read_models
                 WHERE type = 'human') AS unread`,
    );
    const { unpublished, unread } = (rows as { unpublished: number; unread: number }[])[0]!;
    if (Number(unpublished) === 0 && Number(unread) <= 0) return;
    await sleep(250);
  }
  throw new Error('the relay or the worker did not catch up');
}

async function main(): Promise<void> {
  const users = Number(option('users', '100000'));
  const singleUsers = Number(option('single-users', '100000'));
  const perRequest = Number(option('per-request', '1000'));
  const bulkCallers = Number(option('bulk-callers', '1'));
  const callers = Number(option('callers', '4'));
  const out = option('out', 'docs/benchmarks/scim-push-results.json');
  const service = await startDistributed(option('brokers', '127.0.0.1:9092'));
  const database = await mysql.createConnection(service.databaseUrl!);
  try {
    const [orgs] = await database.query('SELECT id FROM organizations');
    const orgId = (orgs as { id: string }[])[0]!.id;
    const scim = `/scim/v2/${orgId}`;
    const requests = Math.ceil(users / perRequest);
    const namesOf = (prefix: string, request: number) =>
      Array.from(
        { length: Math.min(perRequest, users - request * perRequest) },
        (_, i) => `${prefix}-${request * perRequest + i}`,
      );

    let started = performance.now();
    const bulk = phaseOf(
      users,
      started,
      await inParallel(requests, bulkCallers, async (request) => {
        const operations = namesOf('bulk', request).map((userName, i) => ({
          method: 'POST',
          path: '/Users',
          bulkId: String(i),
          data: scimUser(userName),
        }));
        const answer = await post(
          service,
          `${scim}/Bulk`,
          { schemas: [BULK], Operations: operations },
          'application/scim+json',
        );
        const results = (answer.body.Operations ?? []) as { status: string }[];
        const made = results.filter((result) => result.status === '201').length;
        return {
          made,
          failed: operations.length - made,
          ...(made < operations.length && { failure: JSON.stringify(answer.body).slice(0, 300) }),
        };
      }),
    );
    console.error('bulk', bulk);
    await settled(database);

    started = performance.now();
    const batch: Phase = phaseOf(
      users,
      started,
      await inParallel(requests, bulkCallers, async (request) => {
        const batchUsers = namesOf('batch', request).map(importedUser);
        const answer = await post(
          service,
          '/management/v1/users/human/_import-batch',
          { users: batchUsers },
          'application/json',
        );
        const results = (answer.body.results ?? []) as { userId?: string }[];
        const made = results.filter((result) => result.userId).length;
        return {
          made,
          failed: batchUsers.length - made,
          ...(made < batchUsers.length && { failure: JSON.stringify(answer.body).slice(0, 300) }),
        };
      }),
    );
    await settled(database);
    batch.untilReadSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.error('batch', batch);

    started = performance.now();
    const single = phaseOf(
      singleUsers,
      started,
      await inParallel(singleUsers, callers, async (index) => {
        const answer = await post(
          service,
          `${scim}/Users`,
          scimUser(`single-${index}`),
          'application/scim+json',
        );
        return answer.status === 201
          ? { made: 1, failed: 0 }
          : { made: 0, failed: 1, failure: JSON.stringify(answer.body).slice(0, 300) };
      }),
    );
    console.error('single', single);
    await settled(database);

    const result = {
      at: new Date().toISOString(),
      settings: { users, singleUsers, perRequest, bulkCallers, callers },
      bulk,
      batchImport: batch,
      singlePosts: single,
    };
    console.log(JSON.stringify(result, null, 2));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.end();
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
