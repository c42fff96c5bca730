import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import type { UserView } from '../queries/user-views.js';
import { ScimError, type ScimType } from './scim-errors.js';
import {
  ENTERPRISE_SCHEMA,
  metadataChange,
  metadataOf,
  type MetadataEntry,
} from './scim-attributes.js';
import { activeOf, USER_SCHEMA } from './scim-users.js';
import { checkedBody, lowerKeys, namesPrototype, objectOr, primaryValue } from './scim-values.js';
import { userPhoneOf } from './scim-phones.js';

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The enterprise extension's manager as a PATCH path names it, lower-cased. */
const MANAGER = `${ENTERPRISE_SCHEMA}:manager`.toLowerCase();

/** One existing operation's request that a SCIM change comes down to, in the order to call. */
export type UserChange =
  | { kind: 'externalId'; request: { userId: string; externalId: string } }
  | { kind: 'userName'; request: { userId: string; userName: string } }
  | { kind: 'profile'; request: Record<string, unknown> }
  | { kind: 'email'; request: { userId: string; email: string; isEmailVerified: true } }
  | { kind: 'phone'; request: { userId: string; phone: string; isPhoneVerified: true } }
  | { kind: 'removePhone'; request: { userId: string } }
  | { kind: 'setMetadata'; request: { id: string; metadata: MetadataEntry[] } }
  | { kind: 'removeMetadata'; request: { id: string; keys: string[] } }
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
  const normalized = operations.flatMap((operation: unknown): ScimPatchOperation[] => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation))
      throw new ScimError(400, 'each operation is an object', 'invalidSyntax');
    const { op, path, value } = operation as { op?: unknown; path?: unknown; value?: unknown };
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase()))
      throw new ScimError(400, 'op is add, replace or remove', 'invalidValue');
    // scim-patch walks a path name by name: one naming a prototype would reach every object's.
    if (path !== undefined && (typeof path !== 'string' || namesPrototype(path)))
      throw new ScimError(400, 'the path names no attribute', 'invalidPath');
    checkedBody(value);
    // A manager is one whole: Entra ID's add of its id (a plain string) replaces the one before.
    if (op.toLowerCase() !== 'remove' && typeof path === 'string' && path.toLowerCase() === MANAGER)
      return [
        { op: 'remove', path },
        { op: 'add', path, value: typeof value === 'string' ? { value } : value },
      ];
    return [{ ...operation, op: op.toLowerCase() } as ScimPatchOperation];
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
 * What turns `user` (with its `scim.` metadata, `stored`) into `desired` (a whole SCIM User, as
 * PUT sends it or PATCH makes it), as the operations' requests, in the order to call: the
 * externalId (UpdateUserExternalId; one left out or null is removed, as a PUT removes what it
 * leaves out), the user name (UpdateUserName), the profile, the email, the phone, the metadata
 * that keeps the other attributes (BulkSetUserMetadata, BulkRemoveUserMetadata), the state;
 * attributes not kept are ignored.
 */
export function changesOf(
  user: UserView,
  stored: readonly MetadataEntry[],
  desired: unknown,
): UserChange[] {
  if (typeof desired !== 'object' || desired === null || Array.isArray(desired))
    throw new ScimError(400, 'the body is not a SCIM User object', 'invalidSyntax');
  const want = lowerKeys(desired as Record<string, unknown>);
  const human = user.human!;
  if (!Array.isArray(want.schemas) || !want.schemas.includes(USER_SCHEMA))
    throw new ScimError(400, `schemas must include ${USER_SCHEMA}`, 'invalidValue');
  if (typeof want.username !== 'string')
    throw new ScimError(400, 'a User has a userName', 'invalidValue');
  const externalId = want.externalid ?? '';
  if (typeof externalId !== 'string')
    throw new ScimError(400, 'externalId is a string', 'invalidValue');

  const changes: UserChange[] = [];
  if (externalId !== (user.externalId ?? ''))
    changes.push({ kind: 'externalId', request: { userId: user.id, externalId } });
  if (want.username.trim() !== user.userName)
    changes.push({ kind: 'userName', request: { userId: user.id, userName: want.username } });
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

  // A number without a country code is no phone of the user's: the metadata keeps it as given.
  const phone = userPhoneOf(primaryValue(want.phonenumbers, 'phoneNumbers'));
  if (phone === undefined && human.phone)
    changes.push({ kind: 'removePhone', request: { userId: user.id } });
  else if (phone !== undefined && phone !== human.phone?.phone)
    changes.push({ kind: 'phone', request: { userId: user.id, phone, isPhoneVerified: true } });

  const metadata = metadataChange(stored, metadataOf(want));
  if (metadata.set.length > 0)
    changes.push({ kind: 'setMetadata', request: { id: user.id, metadata: metadata.set } });
  if (metadata.remove.length > 0)
    changes.push({ kind: 'removeMetadata', request: { id: user.id, keys: metadata.remove } });

  const active = activeOf(want.active);
  const isActive = user.state !== 'USER_STATE_INACTIVE';
  if (active === false && isActive) changes.push({ kind: 'deactivate', request: { id: user.id } });
  if (active === true && !isActive) changes.push({ kind: 'reactivate', request: { id: user.id } });
  return changes;
}
