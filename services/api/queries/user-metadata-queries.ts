import type { DataSource } from 'typeorm';
import { dialectOf } from '../../../shared/db/dialect.js';
import { metadataRowId } from '../../../shared/metadata-row-id.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { readDetailsOf, type ReadDetails, type ReadModelRow } from './read-details.js';
import { readPage } from './read-pages.js';
import { allOf, textCondition, type TextQueryMethod } from './text-conditions.js';

/** The read model of users' metadata, as `read_model_progress` names it. */
export const USER_METADATA_READ_MODEL = 'user-metadata-read-model';

/** A metadata entry as a read answers it (identity.management.v1.Metadata): value in base64. */
export interface MetadataView {
  details: ReadDetails;
  key: string;
  value: string;
}

/** One criterion of a metadata search (identity.management.v1.MetadataQuery). */
export interface MetadataQuery {
  keyQuery?: { key: string; method?: TextQueryMethod };
}

export interface ListUserMetadataInput {
  query?: ListQueryInput;
  queries?: MetadataQuery[];
}

/** The entries as a page reads them: the key as the row's id, removed ones left out. */
const ENTRIES = `(SELECT metadata_key AS id, user_id, org_id, value, sequence, creation_date,
  change_date FROM user_metadata_read_models WHERE removed = 0) entries`;

interface EntryRow extends ReadModelRow {
  value: string;
}

const viewOf = (row: EntryRow): MetadataView => ({
  details: readDetailsOf(row),
  key: row.id,
  value: row.value,
});

/**
 * A user's metadata entries that meet every query, ordered by key, a page; from the read model of
 * users' metadata. The caller has found the user in the organization.
 */
export async function listUserMetadata(
  dataSource: DataSource,
  orgId: string,
  userId: string,
  input: ListUserMetadataInput,
): Promise<{ details: ListDetails; result: MetadataView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  const of = [userId, queries];
  const { rows, details } = await readPage<EntryRow>(dataSource, {
    table: ENTRIES,
    readModel: USER_METADATA_READ_MODEL,
    matching: allOf([
      { sql: 'user_id = ? AND org_id = ?', params: [userId, orgId] },
      ...queries.map(({ keyQuery }) =>
        textCondition(dialect, { column: 'id' }, keyQuery!.key, keyQuery!.method),
      ),
    ]),
    sort: 'id',
    page: pageOf(input.query, of),
    of,
  });
  return { details, result: rows.map(viewOf) };
}

/** One entry of a user's metadata, from the read model; none when the user has no such entry. */
export async function findUserMetadata(
  dataSource: DataSource,
  orgId: string,
  userId: string,
  key: string,
): Promise<MetadataView | undefined> {
  const rows: EntryRow[] = await dataSource.query(
    `SELECT metadata_key AS id, org_id, value, sequence, creation_date, change_date
       FROM user_metadata_read_models WHERE id = ? AND org_id = ? AND removed = 0`,
    [metadataRowId(userId, key), orgId],
  );
  return rows[0] && viewOf(rows[0]);
}

/**
 * The entries under `prefix` of each of `userIds` in the organization, by user, ordered by key:
 * one read for a page of users (a SCIM list answers each User with its metadata). The caller has
 * read the users in the organization with `user.read` in the same request.
 */
export async function userMetadataByUser(
  dataSource: DataSource,
  orgId: string,
  userIds: readonly string[],
  prefix: string,
): Promise<Map<string, { key: string; value: string }[]>> {
  const byUser = new Map(userIds.map((id) => [id, [] as { key: string; value: string }[]]));
  if (userIds.length === 0) return byUser;
  const prefixed = textCondition(
    dialectOf(dataSource),
    { column: 'metadata_key' },
    prefix,
    'TEXT_QUERY_METHOD_STARTS_WITH',
  );
  const rows: { user_id: string; metadata_key: string; value: string }[] = await dataSource.query(
    `SELECT user_id, metadata_key, value FROM user_metadata_read_models
      WHERE user_id IN (${userIds.map(() => '?').join(', ')}) AND org_id = ? AND removed = 0
        AND ${prefixed.sql} ORDER BY user_id, metadata_key`,
    [...userIds, orgId, ...prefixed.params],
  );
  for (const row of rows)
    byUser.get(row.user_id)?.push({ key: row.metadata_key, value: row.value });
  return byUser;
}
