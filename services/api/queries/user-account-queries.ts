import { roleHoldings } from './read-details.js';
import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { INSTANCE_WIDE, type Role } from '../../../shared/db/entities/role-grant.entity.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { readPage } from './read-pages.js';
import { inCondition } from './text-conditions.js';

/*
 * The reads of what a user has: its identity provider links, the ways it signs in, where it holds
 * roles. No read model holds these: they read the tables the operations write, and only what each
 * thing is, never a password hash, an OTP secret or a passkey's key.
 */

/** The tables of each kind of user. */
const USER_TABLES = { human: 'users', machine: 'machine_users' } as const;

/** Whether `userId` is a user of `orgId` of one of `kinds`: a person, a machine user, or either. */
export async function isUserOf(
  dataSource: DataSource,
  orgId: string,
  userId: string,
  kinds: readonly (keyof typeof USER_TABLES)[],
): Promise<boolean> {
  const rows: unknown[] = await dataSource.query(
    kinds
      .map((kind) => `SELECT id FROM ${USER_TABLES[kind]} WHERE id = ? AND org_id = ?`)
      .join(' UNION ALL '),
    kinds.flatMap(() => [userId, orgId]),
  );
  return rows.length > 0;
}

/** A link as a list answers it (identity.management.v1.IDPUserLink). */
export interface IdpLinkView {
  userId: string;
  idpId: string;
  idpName: string;
  providedUserId: string;
  providedUserName?: string;
}

/** A person's links, the provider's subject as each row's id (with the provider, its key). */
const LINKS = `(SELECT l.external_user_id AS id, l.config_id, l.user_id, l.display_name,
    c.name AS idp_name FROM user_idp_links l JOIN idp_configs c ON c.id = l.config_id) links`;

interface LinkRow {
  id: string;
  config_id: string;
  user_id: string;
  display_name: string | null;
  idp_name: string;
}

/** The person's identity provider links, by provider then subject, a page of them. */
export async function listIdpLinks(
  dataSource: DataSource,
  userId: string,
  query: ListQueryInput | undefined,
): Promise<{ details: ListDetails; result: IdpLinkView[] }> {
  const { rows, details } = await readPage<LinkRow>(dataSource, {
    table: LINKS,
    matching: { sql: 'user_id = ?', params: [userId] },
    sort: 'config_id',
    page: pageOf(query, ['links', userId]),
    of: ['links', userId],
  });
  const result = rows.map((row) => ({
    userId: row.user_id,
    idpId: row.config_id,
    idpName: row.idp_name,
    providedUserId: row.id,
    ...(row.display_name !== null && { providedUserName: row.display_name }),
  }));
  return { details, result };
}

/** A way to sign in as a list answers it (identity.management.v1.AuthFactor). */
export type AuthFactorView = {
  state: 'AUTH_FACTOR_STATE_READY' | 'AUTH_FACTOR_STATE_NOT_READY';
} & (
  | { password: { changeRequired: boolean } }
  | { otp: Record<string, never> }
  | { passkey: { id: string; name: string } }
);

/**
 * The ways the person `userId` of `orgId` signs in: a password when one is set, TOTP when it is
 * enrolled (NOT_READY while added on the account page and not yet confirmed by a code), each
 * passkey in the order registered; none when there is no such person.
 */
export async function authFactorsOf(
  dataSource: DataSource,
  orgId: string,
  userId: string,
): Promise<AuthFactorView[] | undefined> {
  const [people, passkeys] = (await Promise.all([
    dataSource.query(
      `SELECT password_hash IS NOT NULL AS has_password, password_change_required,
              otp_secret_encrypted IS NOT NULL AS has_otp,
              otp_pending_secret_encrypted IS NOT NULL AS has_pending_otp
         FROM users WHERE id = ? AND org_id = ?`,
      [userId, orgId],
    ),
    dataSource.query('SELECT id, name FROM passkeys WHERE user_id = ? ORDER BY created_at, id', [
      userId,
    ]),
  ])) as [FactorRow[], { id: string; name: string }[]];
  const [person] = people;
  if (!person) return undefined;
  const ready = 'AUTH_FACTOR_STATE_READY' as const;
  return [
    ...(Number(person.has_password)
      ? [
          {
            state: ready,
            password: { changeRequired: Boolean(Number(person.password_change_required)) },
          },
        ]
      : []),
    ...(Number(person.has_otp) ? [{ state: ready, otp: {} }] : []),
    ...(Number(person.has_pending_otp)
      ? [{ state: 'AUTH_FACTOR_STATE_NOT_READY' as const, otp: {} }]
      : []),
    ...passkeys.map(({ id, name }) => ({ state: ready, passkey: { id, name } })),
  ];
}

interface FactorRow {
  has_password: number | string | boolean;
  password_change_required: number | boolean;
  has_otp: number | string | boolean;
  has_pending_otp: number | string | boolean;
}

/** Where a user holds roles, as a list answers it (identity.management.v1.Membership). */
export interface MembershipView {
  userId: string;
  details: { creationDate: Date; changeDate: Date; resourceOwner: string };
  roles: Role[];
  displayName: string;
  iam?: true;
  orgId?: string;
}

/** Where each user holds roles, one row each: the organization (`''`: the instance) as its id. */
const MEMBERSHIPS = roleHoldings('org_id', 'memberships');

interface MembershipRow {
  id: string;
  creation_date: Date | string;
  change_date: Date | string;
}

/**
 * Where the user holds roles, in the order of the organizations' ids (the instance first), a
 * page of them.
 */
export async function listMemberships(
  dataSource: DataSource,
  user: { userId: string; query?: ListQueryInput },
  /** The instance's name as the owner in details. */
  instanceOwner: string,
): Promise<{ details: ListDetails; result: MembershipView[] }> {
  const { userId, query } = user;
  const { rows, details } = await readPage<MembershipRow>(dataSource, {
    table: MEMBERSHIPS,
    matching: { sql: 'user_id = ?', params: [userId] },
    sort: 'id',
    page: pageOf(query, ['memberships', userId]),
    of: ['memberships', userId],
  });
  const orgs = inCondition(
    'id',
    rows.map((row) => row.id),
  );
  const [grants, names] = (await Promise.all([
    dataSource.query('SELECT org_id, role FROM role_grants WHERE user_id = ? ORDER BY role', [
      userId,
    ]),
    dataSource.query(`SELECT id, name FROM organizations WHERE ${orgs.sql}`, orgs.params),
  ])) as [{ org_id: string; role: Role }[], { id: string; name: string }[]];
  const result = rows.map((row): MembershipView => {
    const instance = row.id === INSTANCE_WIDE;
    return {
      userId,
      details: {
        creationDate: timeOf(row.creation_date)!,
        changeDate: timeOf(row.change_date)!,
        resourceOwner: instance ? instanceOwner : row.id,
      },
      roles: grants.filter((grant) => grant.org_id === row.id).map((grant) => grant.role),
      displayName: names.find((org) => org.id === row.id)?.name ?? '',
      ...(instance ? { iam: true as const } : { orgId: row.id }),
    };
  });
  return { details, result };
}
