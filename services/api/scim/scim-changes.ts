import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import type { UserView } from '../queries/user-views.js';
import { ScimError, type ScimType } from './scim-errors.js';
import { USER_SCHEMA } from './scim-users.js';
import { lowerKeys, objectOr, primaryValue } from './scim-values.js';

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** One existing operation's request that a SCIM change comes down to, in the order to call. */
export type UserChange =
  | { kind: 'profile'; request: Record<string, unknown> }
  | { kind: 'email'; request: { userId: string; email: string; isEmailVerified: true } }
  | { kind: 'phone'; request: { userId: string; phone: string; isPhoneVerified: true } }
  | { kind: 'removePhone'; request: { userId: string } }
  | { kind: 'deactivate' | 'reactivate'; request: { id: string } };

/**
 * A PATCH request (RFC 7644 §3.5.2) applied by scim-patch to the User as it is answered: the
 * User it asks for. `op` is taken in any case (Microsoft Entra ID sends `Replace`, `Add`).
 */
export function patchedUser(
  current: Record<string, unknown>,
  body: unknown,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'the body is not a PatchOp object', 'invalidSyntax');
  const { schemas, Operations: operations } = body as Record<string, unknown>;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP))
    throw new ScimError(400, `schemas must include ${PATCH_OP}`, 'invalidValue');
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'Operations is a non-empty array', 'invalidValue');
  const normalized = operations.map((operation: unknown) => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation))
      throw new ScimError(400, 'each operation is an object', 'invalidSyntax');
    const { op } = operation as { op?: unknown };
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase()))
      throw new ScimError(400, 'op is add, replace or remove', 'invalidValue');
    return { ...operation, op: op.toLowerCase() } as ScimPatchOperation;
  });
  try {
    const resource = structuredClone(current) as unknown as ScimResource;
    return scimPatch(resource, normalized) as unknown as Record<string, unknown>;
  } catch (error) {
    const code = (error as { scimCode?: string }).scimCode;
    const scimType: ScimType = code === 'invalidSyntax' ? 'invalidSyntax' : 'invalidPath';
    throw new ScimError(
      400,
      (error as Error).message,
      code === 'noTarget' ? 'invalidPath' : scimType,
    );
  }
}

/**
 * What turns `user` into `desired` (a whole SCIM User, as PUT sends it or PATCH makes it), as the
 * operations' requests: the profile, the email, the phone, the state. `userName` and `externalId`
 * cannot change here (`mutability`); attributes not kept are ignored.
 */
export function changesOf(user: UserView, desired: unknown): UserChange[] {
  if (typeof desired !== 'object' || desired === null || Array.isArray(desired))
    throw new ScimError(400, 'the body is not a SCIM User object', 'invalidSyntax');
  const want = lowerKeys(desired as Record<string, unknown>);
  const human = user.human!;
  if (!Array.isArray(want.schemas) || !want.schemas.includes(USER_SCHEMA))
    throw new ScimError(400, `schemas must include ${USER_SCHEMA}`, 'invalidValue');
  if (
    typeof want.username !== 'string' ||
    want.username.trim().toLowerCase() !== user.userName.toLowerCase()
  )
    throw new ScimError(400, 'userName cannot be changed yet', 'mutability');
  if (want.externalid !== undefined && want.externalid !== (user.externalId ?? want.externalid))
    throw new ScimError(400, 'externalId cannot be changed', 'mutability');

  const changes: UserChange[] = [];
  const name = lowerKeys(objectOr(want.name, 'name'));
  const profile = human.profile;
  const wanted = {
    firstName: name.givenname,
    lastName: name.familyname,
    nickName: want.nickname ?? '',
    displayName: want.displayname ?? '',
    preferredLanguage: want.preferredlanguage ?? want.locale ?? '',
  };
  const now = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    nickName: profile.nickName ?? '',
    displayName: profile.displayName,
    preferredLanguage: profile.preferredLanguage ?? '',
  };
  if (Object.entries(wanted).some(([key, value]) => now[key as keyof typeof now] !== value))
    changes.push({
      kind: 'profile',
      request: { userId: user.id, ...wanted, gender: profile.gender },
    });

  const email = primaryValue(want.emails, 'emails');
  if (email === undefined) throw new ScimError(400, 'a User has an email', 'invalidValue');
  if (email !== human.email.email)
    changes.push({
      kind: 'email',
      request: { userId: user.id, email: email as string, isEmailVerified: true },
    });

  const phone = primaryValue(want.phonenumbers, 'phoneNumbers');
  if (phone === undefined && human.phone)
    changes.push({ kind: 'removePhone', request: { userId: user.id } });
  else if (phone !== undefined && phone !== human.phone?.phone)
    changes.push({
      kind: 'phone',
      request: { userId: user.id, phone: phone as string, isPhoneVerified: true },
    });

  const active = activeOf(want.active);
  const isActive = user.state !== 'USER_STATE_INACTIVE';
  if (active === false && isActive) changes.push({ kind: 'deactivate', request: { id: user.id } });
  if (active === true && !isActive) changes.push({ kind: 'reactivate', request: { id: user.id } });
  return changes;
}

/** `active` as a boolean; Microsoft Entra ID sends the strings "True" and "False". */
function activeOf(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value))
    return value.toLowerCase() === 'true';
  throw new ScimError(400, 'active is true or false', 'invalidValue');
}
