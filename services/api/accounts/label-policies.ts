import type { DataSource } from 'typeorm';
import { LabelPolicy } from '../../../shared/db/entities/entity-classes.js';
import type { PrivateLabelingSetting } from '../../../shared/db/entities/project.entity.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';

/** Who a page is shown to: the client signing in (its project's), and the user once identified. */
export interface Audience {
  clientId?: string;
  userId?: string | null;
}

/** What the pages need of the policy they show; the rest is served at its addresses. */
export interface ShownPolicy {
  /** The organization's id, or `''` for the instance default. */
  ownerId: string;
  version: number;
  hideServiceName: boolean;
  hasLogo: boolean;
}

/**
 * The organization whose label policy the pages show, by the contract's rule (ZITADEL's), or none
 * for the instance default. UNSPECIFIED (and a page of no project): the instance default until the
 * user is identified, then the user's organization's; ENFORCE_PROJECT_RESOURCE_OWNER_POLICY: the
 * project's organization's throughout; ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY: the project's
 * organization's until the user is identified, then the user's organization's.
 */
export function labelOwnerOf(
  setting: PrivateLabelingSetting | undefined,
  projectOrgId: string | undefined,
  userOrgId: string | undefined,
): string | undefined {
  if (setting === 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY')
    return projectOrgId;
  if (userOrgId) return userOrgId;
  if (setting === 'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY')
    return projectOrgId;
  return undefined;
}

interface PolicyRow {
  owner_id: string;
  version: number | string;
  hide_service_name: number | boolean;
  has_logo: number | string | boolean;
  project_org: string | null;
  setting: PrivateLabelingSetting | null;
  user_org: string | null;
}

/** The project's organization and setting of a client's application, by the client id. */
const project = (column: string) =>
  `(SELECT p.${column} FROM applications a JOIN projects p ON p.id = a.project_id
     WHERE a.client_id = ?)`;

/**
 * The policy the pages show `audience`: the owner's where it has one, else the instance default,
 * else none (the service's own look). One round trip: the policies of the instance, the client's
 * project's organization and the user's organization, each row with what the rule needs.
 */
export async function shownPolicy(
  dataSource: DataSource,
  audience: Audience,
): Promise<ShownPolicy | undefined> {
  const rows: PolicyRow[] = await dataSource.query(
    `SELECT lp.owner_id, lp.version, lp.hide_service_name, lp.logo IS NOT NULL AS has_logo,
            w.project_org, w.setting, w.user_org
       FROM (SELECT ${project('org_id')} AS project_org,
                    ${project('private_labeling_setting')} AS setting,
                    (SELECT org_id FROM users WHERE id = ?) AS user_org) w
       JOIN label_policies lp
         ON lp.active = 1 AND lp.owner_id IN (?, w.project_org, w.user_org)`,
    [audience.clientId ?? '', audience.clientId ?? '', audience.userId ?? '', INSTANCE_WIDE],
  );
  const [first] = rows;
  const owner =
    first &&
    labelOwnerOf(
      first.setting ?? undefined,
      first.project_org ?? undefined,
      first.user_org ?? undefined,
    );
  const policy =
    rows.find((row) => row.owner_id === owner) ??
    rows.find((row) => row.owner_id === INSTANCE_WIDE);
  return (
    policy && {
      ownerId: policy.owner_id,
      version: Number(policy.version),
      hideServiceName: Boolean(Number(policy.hide_service_name)),
      hasLogo: Boolean(Number(policy.has_logo)),
    }
  );
}

/** An organization's label policy (`''`: the instance default) as it is set; none when reset. */
export function storedLabelPolicy(
  dataSource: DataSource,
  ownerId: string,
): Promise<LabelPolicy | null> {
  return dataSource.getRepository(LabelPolicy).findOneBy({ ownerId, active: true });
}
