import type { DataSource } from 'typeorm';
import type { FuzzFixtures } from './fuzz-fixtures.js';

/**
 * "Nothing stored from a refused request", checked per batch against the database: whatever
 * changed during the batch must be explained by a call the service accepted. An accepted import
 * explains its user, that user's rows and events; an accepted update explains the one event at
 * the sequence it answered with (an update that changes nothing records none), and a project's
 * change that takes roles from user grants explains their users' `user.grant.*`; an accepted
 * AddMachineUser explains its machine user as an import its user, and only an accepted change of
 * a member (or a machine user's removal) changes role grants; an accepted AddProject or AddOrg
 * explains its project or organization, an accepted AddGeneric…Provider or DeleteProvider an
 * identity provider more or less (DeleteProvider with every user's link to it and its
 * `user.idp.link.removed`). Everything else must be as it was:
 * no new event, no row of a fixture changed, no row added anywhere else.
 */
interface StoreSnapshot {
  lastPosition: string;
  counts: Record<string, number>;
  /** The fixtures' user and project rows as JSON. */
  rows: Map<string, string>;
}

/** The project events whose transaction may change user grants of other users. */
const CASCADES = new Set([
  'project.role.removed',
  'project.grant.changed',
  'project.grant.removed',
  'project.removed',
]);

/** Tables whose rows only an import adds, each tied to the imported user. */
const OF_NEW_USERS = ['user_idp_links', 'user_codes'];
/** The users, human and machine, that an import or AddMachineUser adds. */
const USERS = ['users', 'machine_users'];
/** What an accepted call records when it changes roles: a member's, or a machine user's gone. */
const ROLE_CHANGES = new Set([
  'org.member.added',
  'org.member.changed',
  'org.member.removed',
  'user.machine.removed',
  'user.human.removed',
]);

export async function snapshotStore(
  db: DataSource,
  fixtures: FuzzFixtures,
): Promise<StoreSnapshot> {
  const [{ last }] = (await db.query('SELECT COALESCE(MAX(position), 0) AS last FROM events')) as [
    { last: unknown },
  ];
  const counts: Record<string, number> = {};
  const tables = [...USERS, 'projects', 'organizations', 'role_grants', 'idp_configs'];
  for (const table of [...tables, ...OF_NEW_USERS]) {
    const [{ n }] = (await db.query(`SELECT COUNT(*) AS n FROM ${table}`)) as [{ n: unknown }];
    counts[table] = Number(n);
  }
  return { lastPosition: String(last), counts, rows: await fixtureRows(db, fixtures) };
}

async function fixtureRows(db: DataSource, fixtures: FuzzFixtures): Promise<Map<string, string>> {
  const userIds = [fixtures.owner.userId, fixtures.member.userId];
  const rows = [
    ...((await db.query('SELECT * FROM users WHERE id IN (?, ?)', userIds)) as { id: string }[]),
    ...((await db.query('SELECT * FROM projects WHERE id IN (?)', [fixtures.projectIds])) as {
      id: string;
    }[]),
  ];
  return new Map(rows.map((row) => [row.id, JSON.stringify(row)]));
}

/** What the accepted calls of a batch answered. */
export interface AcceptedWrites {
  userIds: Set<string>;
  sequences: Set<string>;
  /**
   * Calls that got no answer (a hang, a dropped connection): each may have been accepted, so as
   * many unexplained aggregates are let pass. Those calls are failures of their own already.
   */
  unanswered: number;
  /**
   * Calls refused for a wrong current password (UpdateMyPassword's USER-PASSWORD-INVALID): each
   * is recorded as a failed sign-in, as at the sign-in pages, with the lock it may have set.
   */
  wrongPasswords?: number;
}

/** Why the store does not match what the batch's accepted calls explain; empty when it does. */
export async function unexplainedChanges(
  db: DataSource,
  fixtures: FuzzFixtures,
  before: StoreSnapshot,
  accepted: AcceptedWrites,
): Promise<string[]> {
  const problems: string[] = [];
  /** Aggregates changed by no accepted call: a problem unless an unanswered call may explain it. */
  const unexplained = new Map<string, string>();
  const after = await snapshotStore(db, fixtures);
  const events = (await db.query(
    `SELECT position, type, aggregate_id AS aggregateId, aggregate_version AS version, created_at AS at,
       payload FROM events WHERE position > ? ORDER BY position`,
    [before.lastPosition],
  )) as {
    position: unknown;
    type: string;
    aggregateId: string;
    version: unknown;
    at: unknown;
    payload: unknown;
  }[];
  const acceptedTypes = events
    .filter((event) => accepted.sequences.has(String(event.position)))
    .map((event) => event.type);
  const removed = acceptedTypes.filter(
    (type) => type === 'user.machine.removed' || type === 'user.human.removed',
  ).length;
  const newUsers =
    USERS.reduce((sum, table) => sum + after.counts[table]! - before.counts[table]!, 0) + removed;
  if (
    after.counts.role_grants !== before.counts.role_grants &&
    !acceptedTypes.some((type) => ROLE_CHANGES.has(type))
  )
    problems.push(
      `role_grants: ${before.counts.role_grants} rows before, ${after.counts.role_grants} after`,
    );
  const count = (type: string) => acceptedTypes.filter((accepted) => accepted === type).length;
  const newProjects = after.counts.projects! - before.counts.projects!;
  if (newProjects !== count('project.added') - count('project.removed'))
    problems.push(
      `projects: ${newProjects} added, ${count('project.added')} accepted and ${count('project.removed')} removed`,
    );
  const newIdps = after.counts.idp_configs! - before.counts.idp_configs!;
  if (newIdps !== count('idp.config.added') - count('idp.config.removed'))
    problems.push(
      `idp_configs: ${newIdps} added, ${count('idp.config.added')} accepted and ${count('idp.config.removed')} removed`,
    );
  const newOrgs = after.counts.organizations! - before.counts.organizations!;
  if (newOrgs !== count('org.added'))
    problems.push(`organizations: ${newOrgs} added, ${count('org.added')} accepted`);
  if (newUsers < accepted.userIds.size) {
    problems.push(`users: ${newUsers} added, ${accepted.userIds.size} imports accepted`);
  }
  // A provider removed takes every user's links to it in the same transaction, a
  // `user.idp.link.removed` on each user: an accepted DeleteProvider explains them.
  const removedProviders = new Set(
    events
      .filter(
        (event) =>
          event.type === 'idp.config.removed' && accepted.sequences.has(String(event.position)),
      )
      .map((event) => event.aggregateId),
  );
  const takenWithProvider = new Set(
    events
      .filter(
        (event) =>
          event.type === 'user.idp.link.removed' &&
          removedProviders.has(payloadOf(event).configId as string),
      )
      .map((event) => String(event.position)),
  );
  /** Links accepted calls made or took for users older than the batch (an import's are its users'). */
  const linksOfPeopleBefore = () =>
    events
      .filter(
        (event) =>
          (accepted.sequences.has(String(event.position)) ||
            takenWithProvider.has(String(event.position))) &&
          !accepted.userIds.has(event.aggregateId),
      )
      .reduce(
        (sum, event) =>
          sum +
          (event.type === 'user.idp.link.added'
            ? 1
            : event.type === 'user.idp.link.removed'
              ? -1
              : 0),
        0,
      );
  const ids = [...accepted.userIds];
  for (const table of OF_NEW_USERS) {
    const [{ n }] = ids.length
      ? ((await db.query(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id IN (?)`, [ids])) as [
          { n: unknown },
        ])
      : [{ n: 0 }];
    const added = after.counts[table]! - before.counts[table]!;
    // Links an accepted AddUserIDPLink or RemoveUserIDPLink made or took; rows of a person an
    // accepted RemoveUser took may be gone too.
    const linked = table === 'user_idp_links' ? linksOfPeopleBefore() : 0;
    const extra = added - Number(n) - linked;
    if (count('user.human.removed') > 0 ? extra > 0 : extra !== 0) {
      unexplained.set(table, `${table}: ${added} rows added, ${Number(n)} of imported users`);
    }
  }
  const explainedSequences = new Set([...accepted.sequences, ...takenWithProvider]);
  // A role taken from a project or a project grant, or a grant removed, changes the user grants
  // that held it in the same transaction: an accepted one explains those users' events too.
  const cascading = new Set(
    events
      .filter((event) => CASCADES.has(event.type) && accepted.sequences.has(String(event.position)))
      .map((event) => event.aggregateId),
  );
  for (const event of events) {
    const payload = payloadOf(event);
    if (event.type.startsWith('user.grant.') && cascading.has(payload.projectId as string))
      explainedSequences.add(String(event.position));
  }
  // A wrong current password is recorded as a failed sign-in with no client (and the lock the
  // name's last allowed attempt set), though its call was refused.
  let failedSignIns = accepted.wrongPasswords ?? 0;
  for (const event of events) {
    const payload = payloadOf(event);
    if (
      event.type === 'user.human.signin.failed' &&
      payload.clientId === null &&
      failedSignIns > 0
    ) {
      failedSignIns--;
      explainedSequences.add(String(event.position));
    }
  }
  for (const event of events) {
    const earlier = events.find(
      (failed) =>
        failed.aggregateId === event.aggregateId &&
        Number(failed.version) === Number(event.version) - 1 &&
        explainedSequences.has(String(failed.position)),
    );
    if (event.type === 'user.human.locked' && earlier?.type === 'user.human.signin.failed')
      explainedSequences.add(String(event.position));
  }
  // A call that records several events answers the last one's sequence: the events before it in
  // the same commit (the same aggregate, time and run of versions) are explained with it.
  for (const event of events.toReversed()) {
    const next = events.find(
      (later) =>
        later.aggregateId === event.aggregateId &&
        Number(later.version) === Number(event.version) + 1 &&
        String(later.at) === String(event.at),
    );
    if (next && explainedSequences.has(String(next.position)))
      explainedSequences.add(String(event.position));
  }
  for (const event of events) {
    const explained =
      accepted.userIds.has(event.aggregateId) || explainedSequences.has(String(event.position));
    if (!explained && !unexplained.has(event.aggregateId)) {
      unexplained.set(
        event.aggregateId,
        `event ${String(event.position)} ${event.type} of ${event.aggregateId}: no accepted call recorded it`,
      );
    }
  }
  for (const [id, row] of after.rows) {
    if (row === before.rows.get(id)) continue;
    const { sequence } = JSON.parse(row) as { sequence: unknown };
    if (!explainedSequences.has(String(sequence)) && !unexplained.has(id)) {
      unexplained.set(
        id,
        `row ${id} changed without an accepted call (its sequence is ${String(sequence)})`,
      );
    }
  }
  const extraUsers = newUsers - accepted.userIds.size;
  if (unexplained.size + Math.max(0, extraUsers) > accepted.unanswered) {
    if (extraUsers > 0)
      problems.push(`users: ${newUsers} added, ${accepted.userIds.size} imports accepted`);
    problems.push(...unexplained.values());
  }
  return problems;
}

/** An event's payload as an object (MariaDB answers JSON as text). */
function payloadOf(event: { payload: unknown }): Record<string, unknown> {
  return (typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload) as Record<
    string,
    unknown
  >;
}
