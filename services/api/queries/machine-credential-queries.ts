import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { readPage } from './read-pages.js';

/*
 * The reads of a machine user's credentials. No read model holds them: these read the tables the
 * operations write (`machine_keys`, `personal_access_tokens`), and only what a credential is and
 * when it expires, never the public key, the token or its hash.
 */

/** The details of a credential: it never changes, so both dates are when it was added. */
export interface CredentialDetails {
  creationDate: Date;
  changeDate: Date;
  resourceOwner: string;
}

/** A machine key as a list answers it (identity.management.v1.Key). */
export interface KeyView {
  id: string;
  details: CredentialDetails;
  type: 'KEY_TYPE_JSON';
  expirationDate: Date;
}

/** A personal access token as a list answers it (identity.management.v1.PersonalAccessToken). */
export interface TokenView {
  id: string;
  details: CredentialDetails;
  expirationDate: Date;
}

/** A credential's row as the driver answers it: the columns read, no key or hash among them. */
interface CredentialRow {
  id: string;
  expiration_date: Date | string;
  creation_date: Date | string;
}

/** Which credentials a list reads: its table, and how a row is answered. */
export interface Credentials<View> {
  table: 'machine_keys' | 'personal_access_tokens';
  view: (row: CredentialRow, details: CredentialDetails) => View;
}

export const MACHINE_KEYS: Credentials<KeyView> = {
  table: 'machine_keys',
  view: (row, details) => ({
    id: row.id,
    details,
    type: 'KEY_TYPE_JSON',
    expirationDate: timeOf(row.expiration_date)!,
  }),
};

export const PERSONAL_ACCESS_TOKENS: Credentials<TokenView> = {
  table: 'personal_access_tokens',
  view: (row, details) => ({ id: row.id, details, expirationDate: timeOf(row.expiration_date)! }),
};

/**
 * The machine user's credentials of one kind, in the order they were added (their ids are
 * UUIDv7), a page of them; the organization is the owner of each.
 */
export async function listCredentials<View>(
  dataSource: DataSource,
  credentials: Credentials<View>,
  owner: { orgId: string; userId: string },
  query: ListQueryInput | undefined,
): Promise<{ details: ListDetails; result: View[] }> {
  const { rows, details } = await readPage<CredentialRow>(dataSource, {
    table: `(SELECT id, user_id, expiration_date, creation_date FROM ${credentials.table}) credentials`,
    matching: { sql: 'user_id = ?', params: [owner.userId] },
    sort: 'id',
    page: pageOf(query, [credentials.table, owner.userId]),
    of: [credentials.table, owner.userId],
  });
  const result = rows.map((row) => {
    const added = timeOf(row.creation_date)!;
    return credentials.view(row, {
      creationDate: added,
      changeDate: added,
      resourceOwner: owner.orgId,
    });
  });
  return { details, result };
}
