import { createHash } from 'node:crypto';
import {
  LAST_INSERT_ID,
  inBatchedTransaction,
  type Values,
} from '../../../shared/db/batched-transaction.js';
import { LabelPolicy, Organization } from '../../../shared/db/entities/entity-classes.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import type { LabelPolicyPayload } from '../../../shared/events/event-types.js';
import { queueEvents, type Aggregate } from '../../../shared/events/record-events.js';
import { invalidArgument } from '../../../shared/errors/service-error.js';
import type { DetailsResponse } from './details.js';
import type { OperationContext } from './operation.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import { INSTANCE_AGGREGATE } from './instance-aggregate.js';
import { unchangedOrganization } from './org-lifecycle.js';
import type { SetLabelPolicyRequest } from './set-label-policy/set-label-policy.request.generated.js';

/** Whose label policy an operation changes: the target organization's, or the instance default. */
export type LabelPolicyScope = 'organization' | 'instance';

/** The largest logo, in bytes. */
export const LOGO_LIMIT = 256 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image type the first bytes say; none for anything else. SVG is refused: served from the
 * service's origin, it could carry script.
 */
export function imageTypeOf(bytes: Buffer): string | undefined {
  const text = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'image/gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

type PolicyColumns = Omit<LabelPolicy, 'ownerId' | 'version' | 'sequence' | 'changeDate'>;

/** The policy a request sets, its logo checked by its bytes, before anything is locked. */
export function policyOf(request: SetLabelPolicyRequest): PolicyColumns {
  const logo = request.logo === undefined ? null : Buffer.from(request.logo, 'base64');
  const logoType = logo && imageTypeOf(logo);
  if (logo && logo.length > LOGO_LIMIT)
    throw invalidArgument([{ field: 'logo', description: 'must be at most 256 KiB' }]);
  if (logo && !logoType)
    throw invalidArgument([
      { field: 'logo', description: 'must be a PNG, JPEG, GIF or WebP image' },
    ]);
  return {
    active: true,
    primaryColor: request.primaryColor ?? null,
    backgroundColor: request.backgroundColor ?? null,
    warningColor: request.warningColor ?? null,
    fontColor: request.fontColor ?? null,
    hideServiceName: request.hideServiceName ?? false,
    logo,
    logoType: logoType ?? null,
  };
}

/** A reset policy: nothing of its own (what an empty request sets, inactive), so pages fall back. */
const RESET: PolicyColumns = { ...policyOf({}), active: false };

/** A handler that resets the label policy of `scope`. */
export const resetLabelPolicy = (scope: LabelPolicyScope) =>
  labelPolicyChange<Record<string, never>>(scope, () => RESET);

/** What the policy's event says of it: never the logo's bytes. */
function payloadOf(policy: PolicyColumns): LabelPolicyPayload {
  const { logo, logoType, active, ...rest } = policy;
  return {
    ...rest,
    logo: logo && {
      contentType: logoType!,
      size: logo.length,
      sha256: createHash('sha256').update(logo).digest('hex'),
    },
    reset: !active,
  };
}

/**
 * A handler that sets (or, with RESET, resets) the label policy of `scope`: in one transaction,
 * the owner locked (the organization's row, or the instance default's policy row, which stands
 * for the instance: lockedInstance), the policy written, and its event
 * (`org.label.policy.changed` or `instance.label.policy.changed`) recorded. A reset of a policy
 * that is not set changes nothing and records nothing. Each takes If-Match: the instance
 * default's change the ETag GetDefaultLabelPolicy answers (its sequence, 0 for none), an
 * organization's the organization's (GetMyOrg's), whose part its policy is.
 */
export function labelPolicyChange<Request>(
  scope: LabelPolicyScope,
  policyOfRequest: (request: Request) => PolicyColumns,
): (context: OperationContext, request: Request) => Promise<DetailsResponse> {
  const handler = ({ deps, orgId, ifMatch }: OperationContext, request: Request) => {
    const policy = policyOfRequest(request);
    const ownerId = scope === 'instance' ? INSTANCE_WIDE : orgId;
    const resourceOwner = scope === 'instance' ? INSTANCE_AGGREGATE : orgId;
    return inBatchedTransaction(deps.dataSource, async (transaction) => {
      // An organization's policy is part of the organization: its ETag is the organization's.
      const organization =
        scope === 'organization' && (await unchangedOrganization(transaction, { orgId, ifMatch }));
      const [stored] = await transaction.find(LabelPolicy, { ownerId }, { lock: true });
      if (!organization) expectUnchanged(ifMatch, stored?.sequence ?? '0');
      if (!policy.active && !stored?.active)
        return { details: detailsOf(resourceOwner, stored?.sequence ?? '0', stored?.changeDate) };
      const aggregate: Aggregate = organization
        ? { id: orgId, orgId, version: organization.version }
        : { id: INSTANCE_AGGREGATE, orgId: INSTANCE_AGGREGATE, version: stored!.version };
      const changeDate = new Date();
      const type = organization ? 'org.label.policy.changed' : 'instance.label.policy.changed';
      const { positions, version } = queueEvents(
        transaction,
        aggregate,
        [{ type, payload: payloadOf(policy) }],
        changeDate,
      );
      if (organization)
        transaction.update(
          Organization,
          { id: orgId },
          { version, sequence: LAST_INSERT_ID, changeDate },
        );
      const row: Values<LabelPolicy> = { ...policy, version, sequence: LAST_INSERT_ID, changeDate };
      if (stored) transaction.update(LabelPolicy, { ownerId }, row);
      else transaction.insert(LabelPolicy, [{ ownerId, ...row }]);
      await transaction.commit();
      return { details: detailsOf(resourceOwner, positions.lastId, changeDate) };
    });
  };
  return honoringIfMatch(handler);
}

function detailsOf(resourceOwner: string, sequence: string, changeDate = new Date(0)) {
  return { sequence, changeDate, resourceOwner };
}
