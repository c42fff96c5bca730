import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { IdpConfig } from '../../../shared/db/entities/entity-classes.js';
import type { IdpOwnerType } from '../../../shared/db/entities/idp.entity.js';
import type {
  LoginPolicyFlagsPayload,
  LoginPolicyIdpPayload,
} from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { IDP_OWNER_TYPES } from '../queries/login-policy-queries.js';
import { loginPolicyChange, type LoginPolicyScope, type PolicyWork } from './login-policies.js';

/*
 * What each login policy operation changes, for an organization's policy and for the instance
 * default alike (login-policies.ts makes an organization's own policy first where it follows the
 * default, and writes and records the change).
 */

export const idpNotFound = (): ServiceError => new ServiceError('IDP-NOT-FOUND');
export const loginPolicyExists = (): ServiceError =>
  new ServiceError('LOGIN-POLICY-ALREADY-EXISTS');
export const policyIdpExists = (): ServiceError =>
  new ServiceError('LOGIN-POLICY-IDP-ALREADY-EXISTS');
export const policyIdpNotFound = (): ServiceError => new ServiceError('LOGIN-POLICY-IDP-NOT-FOUND');

/** A request's flags, as UpdateCustomLoginPolicy and AddCustomLoginPolicy take them. */
interface FlagsRequest {
  allowUsernamePassword?: boolean;
  allowExternalIdp?: boolean;
}

/** The flags a request sets, whole: an omitted one is false, as proto3 has it. */
const flagsOf = (request: FlagsRequest): LoginPolicyFlagsPayload => ({
  allowUsernamePassword: request.allowUsernamePassword ?? false,
  allowExternalIdp: request.allowExternalIdp ?? false,
});

/**
 * Sets the policy's flags (UpdateCustomLoginPolicy, the admin API's UpdateLoginPolicy). The flags
 * it has change nothing, but for an organization that follows the default: it gets its own.
 */
export const updateLoginPolicy = (scope: LoginPolicyScope) =>
  loginPolicyChange<FlagsRequest>(scope, ({ policy, request }) => {
    const flags = flagsOf(request);
    const same =
      flags.allowUsernamePassword === policy.flags.allowUsernamePassword &&
      flags.allowExternalIdp === policy.flags.allowExternalIdp;
    return same && (policy.own || scope === 'instance') ? undefined : { flags };
  });

/** The organization's own policy, with these flags (AddCustomLoginPolicy); refused when it has one. */
export const addCustomLoginPolicy = loginPolicyChange<FlagsRequest>(
  'organization',
  ({ policy, request }) => {
    if (policy.own) throw loginPolicyExists();
    return { flags: flagsOf(request) };
  },
);

/** The organization's own policy goes (ResetLoginPolicyToDefault); none to reset changes nothing. */
export const resetLoginPolicy = loginPolicyChange<Record<string, never>>(
  'organization',
  ({ policy }) => (policy.own ? { reset: true } : undefined),
);

/** A request naming a provider, and (the management API's) whose it is. */
interface IdpRequest {
  idpId: string;
  ownerType?: 'IDP_OWNER_TYPE_UNSPECIFIED' | 'IDP_OWNER_TYPE_SYSTEM' | 'IDP_OWNER_TYPE_ORG';
}

const OWNER_TYPE_OF = Object.fromEntries(
  Object.entries(IDP_OWNER_TYPES).map(([ownerType, name]) => [name, ownerType as IdpOwnerType]),
) as Partial<Record<NonNullable<IdpRequest['ownerType']>, IdpOwnerType>>;

/**
 * The policy offers one provider more (AddIDPToLoginPolicy): one it may offer (offerableIdp), and
 * not already.
 */
export const addIdpToLoginPolicy = (scope: LoginPolicyScope) =>
  loginPolicyChange<IdpRequest>(scope, async (work) => {
    const { request, policy } = work;
    const ownerType = request.ownerType && OWNER_TYPE_OF[request.ownerType];
    const idp = await offerableIdp(work.transaction, work, request.idpId, ownerType);
    if (policy.idpIds.includes(idp.idpId)) throw policyIdpExists();
    return { addIdp: idp };
  });

/** The policy offers a provider no more (RemoveIDPFromLoginPolicy): one it offers. */
export const removeIdpFromLoginPolicy = (scope: LoginPolicyScope) =>
  loginPolicyChange<IdpRequest>(scope, ({ policy, request }) => {
    if (!policy.idpIds.includes(request.idpId)) throw policyIdpNotFound();
    return { removeIdp: request.idpId };
  });

/**
 * The provider `idpId` as a policy of `scope` may offer it, locked (so that its removal waits for
 * this change, and takes the new entry with it): an organization's policy the organization's own
 * providers and the instance's, the instance default the instance's alone; and of `ownerType`,
 * when the request names one. Anything else is IDP-NOT-FOUND.
 */
export async function offerableIdp(
  transaction: BatchedTransaction,
  { scope, orgId }: Pick<PolicyWork<unknown>, 'scope' | 'orgId'>,
  idpId: string,
  ownerType?: LoginPolicyIdpPayload['ownerType'],
): Promise<LoginPolicyIdpPayload> {
  const [idp] = await transaction.find(
    IdpConfig,
    { id: idpId },
    { select: ['id', 'orgId', 'ownerType'], lock: true },
  );
  const offerable =
    idp?.ownerType === 'instance' ||
    (scope === 'organization' && idp?.ownerType === 'org' && idp.orgId === orgId);
  if (!offerable || (ownerType && ownerType !== idp.ownerType)) throw idpNotFound();
  return { idpId: idp.id, ownerType: idp.ownerType };
}
