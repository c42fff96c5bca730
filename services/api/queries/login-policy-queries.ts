import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import type { IdpOwnerType, IdpType } from '../../../shared/db/entities/idp.entity.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { flag } from './read-details.js';
import { readPage } from './read-pages.js';

/*
 * The reads of login policies. No read model holds them: these read `login_policies` and
 * `login_policy_idps`, the policies as the operations write them, so a read shows every change
 * committed before it. An organization without a row of its own follows the instance default;
 * an instance without one has the built-in default.
 */

/** The built-in default: what the instance's policy is until someone changes it. */
export const BUILT_IN_LOGIN_POLICY = { allowUsernamePassword: true, allowExternalIdp: true };

/** A provider a policy offers, as a read answers it (identity.v1.IDPLoginPolicyLink). */
export interface PolicyIdpView {
  idpId: string;
  idpName: string;
  idpType: 'IDP_TYPE_UNSPECIFIED' | 'IDP_TYPE_OIDC' | 'IDP_TYPE_OAUTH';
  ownerType: 'IDP_OWNER_TYPE_SYSTEM' | 'IDP_OWNER_TYPE_ORG';
}

/** A login policy as a read answers it (identity.management.v1.LoginPolicy). */
export interface LoginPolicyView {
  /** The sequence and dates of its last change; 0 and none for the built-in default. */
  details: { sequence: string; creationDate?: Date; changeDate?: Date; resourceOwner: string };
  allowUsernamePassword: boolean;
  allowExternalIdp: boolean;
  isDefault: boolean;
  idps: PolicyIdpView[];
}

/** The policies a read may answer: the organization's own and the instance default. */
export interface StoredLoginPolicies {
  /** The organization's, when it has one of its own. */
  own?: LoginPolicyView;
  /** The instance default; the built-in default where it was never changed. */
  default: LoginPolicyView;
}

interface PolicyRow {
  owner_id: string;
  allow_username_password: number | boolean;
  allow_external_idp: number | boolean;
  sequence: string | number;
  creation_date: Date | string;
  change_date: Date | string;
}

/** A provider a policy offers, its id as the row's id (with the policy's owner, its key). */
interface PolicyIdpRow {
  id: string;
  owner_id: string;
  name: string;
  type: IdpType;
  owner_type: IdpOwnerType;
}

/** Each policy's providers, with what a read says of them. */
const POLICY_IDPS = `(SELECT p.idp_id AS id, p.owner_id, c.name, c.type, c.owner_type
    FROM login_policy_idps p JOIN idp_configs c ON c.id = p.idp_id) policy_idps`;

const IDP_TYPES = {
  unconfigured: 'IDP_TYPE_UNSPECIFIED',
  oidc: 'IDP_TYPE_OIDC',
  oauth: 'IDP_TYPE_OAUTH',
} as const satisfies Record<IdpType, PolicyIdpView['idpType']>;

/** How a read names whose a provider is (ZITADEL's IDPOwnerType: the instance is SYSTEM). */
export const IDP_OWNER_TYPES = {
  org: 'IDP_OWNER_TYPE_ORG',
  instance: 'IDP_OWNER_TYPE_SYSTEM',
} as const satisfies Record<IdpOwnerType, PolicyIdpView['ownerType']>;

const idpView = (row: PolicyIdpRow): PolicyIdpView => ({
  idpId: row.id,
  idpName: row.name,
  idpType: IDP_TYPES[row.type],
  ownerType: IDP_OWNER_TYPES[row.owner_type],
});

/**
 * The login policies of `orgId` (none for the instance's alone) and of the instance, with the
 * providers each offers in the order of their ids; each view names `resourceOwner` its owner
 * (the organization, or the instance's name in details).
 */
export async function storedLoginPolicies(
  dataSource: DataSource,
  owners: { orgId?: string; instance: string },
): Promise<StoredLoginPolicies> {
  const ownerIds = [INSTANCE_WIDE, owners.orgId ?? INSTANCE_WIDE];
  const [rows, idps] = (await Promise.all([
    dataSource.query(
      `SELECT owner_id, allow_username_password, allow_external_idp, sequence, creation_date,
              change_date
         FROM login_policies WHERE owner_id IN (?, ?)`,
      ownerIds,
    ),
    dataSource.query(`SELECT * FROM ${POLICY_IDPS} WHERE owner_id IN (?, ?) ORDER BY id`, ownerIds),
  ])) as [PolicyRow[], PolicyIdpRow[]];
  const idpsOf = (ownerId: string) => idps.filter((idp) => idp.owner_id === ownerId).map(idpView);
  const own = owners.orgId && rows.find((row) => row.owner_id === owners.orgId);
  const instance = rows.find((row) => row.owner_id === INSTANCE_WIDE);
  return {
    ...(own && { own: policyView(own, owners.orgId!, false, idpsOf(owners.orgId!)) }),
    default: instance
      ? policyView(instance, owners.instance, true, idpsOf(INSTANCE_WIDE))
      : {
          ...BUILT_IN_LOGIN_POLICY,
          details: { sequence: '0', resourceOwner: owners.instance },
          isDefault: true,
          idps: [],
        },
  };
}

function policyView(
  row: PolicyRow,
  resourceOwner: string,
  isDefault: boolean,
  idps: PolicyIdpView[],
): LoginPolicyView {
  return {
    details: {
      sequence: String(row.sequence),
      creationDate: timeOf(row.creation_date)!,
      changeDate: timeOf(row.change_date)!,
      resourceOwner,
    },
    allowUsernamePassword: flag(row.allow_username_password),
    allowExternalIdp: flag(row.allow_external_idp),
    isDefault,
    idps,
  };
}

/**
 * The providers offered by the login policy `orgId` follows (its own, else the instance
 * default's; the instance default's alone without `orgId`), in the order of their ids, a page of
 * them.
 */
export async function listPolicyIdps(
  dataSource: DataSource,
  orgId: string | undefined,
  query: ListQueryInput | undefined,
): Promise<{ details: ListDetails; result: PolicyIdpView[] }> {
  const [own] = orgId
    ? ((await dataSource.query('SELECT owner_id FROM login_policies WHERE owner_id = ?', [
        orgId,
      ])) as unknown[])
    : [];
  const ownerId = own ? orgId! : INSTANCE_WIDE;
  const of = ['login-policy-idps', orgId ?? INSTANCE_WIDE];
  const { rows, details } = await readPage<PolicyIdpRow>(dataSource, {
    table: POLICY_IDPS,
    matching: { sql: 'owner_id = ?', params: [ownerId] },
    sort: 'id',
    page: pageOf(query, of),
    of,
  });
  return { details, result: rows.map(idpView) };
}
