import type { DataSource } from 'typeorm';
import { timeOf } from '../../../shared/db/data-source.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import { flag } from './read-details.js';

/*
 * The reads of label policies. No read model holds them: these read `label_policies`, the
 * policies as the operations write them, so a read shows every change committed before it.
 */

/** A label policy as a read answers it (identity.management.v1.LabelPolicy). */
export interface LabelPolicyView {
  /** The sequence and date of its last change; 0 and none for a policy never set. */
  details: { sequence: string; changeDate?: Date; resourceOwner: string };
  primaryColor?: string;
  isDefault: boolean;
  /** ZITADEL's name for what SetLabelPolicy calls warningColor. */
  warnColor?: string;
  backgroundColor?: string;
  fontColor?: string;
  hideServiceName: boolean;
  hasLogo: boolean;
}

/** The policies a read may answer: the organization's own and the instance default. */
export interface StoredPolicies {
  /** The organization's, when it is set (not reset). */
  own?: LabelPolicyView;
  /** The instance default; the service's own look when it is not set. */
  default: LabelPolicyView;
}

/** A row of `label_policies` as the driver answers it: never the logo's bytes. */
interface PolicyRow {
  owner_id: string;
  active: number | boolean;
  primary_color: string | null;
  background_color: string | null;
  warning_color: string | null;
  font_color: string | null;
  hide_service_name: number | boolean;
  has_logo: number | string | boolean;
  sequence: string | number;
  change_date: Date | string;
}

/**
 * The label policies of `orgId` (none for the instance's alone) and of the instance, in one
 * round trip; each view names `resourceOwner` its owner (the organization, or the instance's
 * name in details).
 */
export async function storedPolicies(
  dataSource: DataSource,
  owners: { orgId?: string; instance: string },
): Promise<StoredPolicies> {
  const rows: PolicyRow[] = await dataSource.query(
    `SELECT owner_id, active, primary_color, background_color, warning_color, font_color,
            hide_service_name, logo IS NOT NULL AS has_logo, sequence, change_date
       FROM label_policies WHERE owner_id IN (?, ?)`,
    [INSTANCE_WIDE, owners.orgId ?? INSTANCE_WIDE],
  );
  const own = owners.orgId && rows.find((row) => row.owner_id === owners.orgId);
  const instance = rows.find((row) => row.owner_id === INSTANCE_WIDE);
  return {
    ...(own && flag(own.active) && { own: policyView(own, owners.orgId!, false) }),
    default:
      instance && flag(instance.active)
        ? policyView(instance, owners.instance, true)
        : ownLook(owners.instance, instance),
  };
}

function policyView(row: PolicyRow, resourceOwner: string, isDefault: boolean): LabelPolicyView {
  const colour = (value: string | null) => value ?? undefined;
  return {
    details: {
      sequence: String(row.sequence),
      changeDate: timeOf(row.change_date)!,
      resourceOwner,
    },
    primaryColor: colour(row.primary_color),
    isDefault,
    warnColor: colour(row.warning_color),
    backgroundColor: colour(row.background_color),
    fontColor: colour(row.font_color),
    hideServiceName: flag(row.hide_service_name),
    hasLogo: flag(Number(row.has_logo)),
  };
}

/** The service's own look, as the default where none is set: of the last reset, if any. */
function ownLook(resourceOwner: string, reset: PolicyRow | undefined): LabelPolicyView {
  return {
    details: {
      sequence: String(reset?.sequence ?? 0),
      ...(reset && { changeDate: timeOf(reset.change_date)! }),
      resourceOwner,
    },
    isDefault: true,
    hideServiceName: false,
    hasLogo: false,
  };
}
