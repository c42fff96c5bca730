import { parse, type Filter } from 'scim2-parse-filter';
import { patchedUser } from './scim-changes.js';
import { ScimError } from './scim-errors.js';
import { versionOf } from './scim-users.js';
import { lowerKeys } from './scim-values.js';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/**
 * A SCIM Group is a role of the endpoint's project: its `id` is the role's key in base64url (URL
 * safe, stable while the key is, and read back without a lookup), its `displayName` the role's.
 */
export const groupIdOf = (roleKey: string): string => Buffer.from(roleKey).toString('base64url');

/** The role key a Group's id names, or undefined for an id no key makes. */
export function roleKeyOf(id: string): string | undefined {
  const key = Buffer.from(id, 'base64url').toString();
  return key !== '' && groupIdOf(key) === id ? key : undefined;
}

/**
 * The key of the role a new Group makes: its displayName with each run of white space as one
 * `_` (a role key has none), so the same name always makes the same key.
 */
export function roleKeyFor(displayName: string): string {
  return displayName.trim().replace(/\s+/gu, '_');
}

/** One member as a Group answers it: a person of the organization holding the role. */
export interface GroupMember {
  value: string;
  display: string;
}

/**
 * A Group's version: of the project's sequence (every change of a role) and of its user grants
 * (the last sequence among them, and how many there are, so that a grant removed, whose row the
 * read model no longer lists, changes it too). One version for all the project's Groups: coarse,
 * but it moves whenever any membership or role of the project does.
 */
export function groupVersionOf(projectSequence: string, grantSequences: readonly string[]): string {
  const last = grantSequences.reduce(
    (max, sequence) => (BigInt(sequence) > BigInt(max) ? sequence : max),
    projectSequence,
  );
  return versionOf(`${last}.${grantSequences.length}`);
}

/** A role as a SCIM Group (RFC 7643 §4.2); members left out when not read. */
export function scimGroupOf(
  role: { key: string; displayName: string; created?: Date; lastModified?: Date },
  members: GroupMember[] | undefined,
  { location, usersBase, version }: { location: string; usersBase: string; version: string },
): Record<string, unknown> {
  return {
    schemas: [GROUP_SCHEMA],
    id: groupIdOf(role.key),
    displayName: role.displayName,
    ...(members && {
      members: members.map(({ value, display }) => ({
        value,
        $ref: `${usersBase}/Users/${encodeURIComponent(value)}`,
        display,
        type: 'User',
      })),
    }),
    meta: {
      resourceType: 'Group',
      ...(role.created && { created: role.created.toISOString() }),
      ...(role.lastModified && { lastModified: role.lastModified.toISOString() }),
      location,
      version,
    },
  };
}

/** A Group a POST or PUT asks for: its displayName and its members' user ids. */
export interface DesiredGroup {
  displayName: string;
  members: string[];
}

/**
 * The Group a body describes (POST, PUT, or what a PATCH made): `displayName` required, `members`
 * values as user ids (each once); `id`, when sent, must be the Group's own (`mutability`).
 */
export function desiredGroupOf(body: unknown, id?: string): DesiredGroup {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'the body is not a SCIM Group object', 'invalidSyntax');
  const group = lowerKeys(body as Record<string, unknown>);
  if (!Array.isArray(group.schemas) || !group.schemas.includes(GROUP_SCHEMA))
    throw new ScimError(400, `schemas must include ${GROUP_SCHEMA}`, 'invalidValue');
  if (id !== undefined && group.id !== undefined && group.id !== id)
    throw new ScimError(400, 'id cannot be changed', 'mutability');
  const displayName = group.displayname;
  if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > 200)
    throw new ScimError(400, 'displayName is 1 to 200 characters', 'invalidValue');
  return { displayName, members: memberIdsOf(group.members) };
}

function memberIdsOf(members: unknown): string[] {
  if (members === undefined || members === null) return [];
  if (!Array.isArray(members))
    throw new ScimError(400, 'members is an array of objects', 'invalidValue');
  const ids = members.map((member: unknown) => {
    const value =
      typeof member === 'object' && member !== null
        ? lowerKeys(member as Record<string, unknown>).value
        : undefined;
    if (typeof value !== 'string' || value === '' || value.length > 200)
      throw new ScimError(400, 'each member has a user id as its value', 'invalidValue');
    return value;
  });
  return [...new Set(ids)];
}

/**
 * A PATCH (RFC 7644 §3.5.2) applied by scim-patch to the Group as it is (op in any case, as
 * Entra sends it). Entra removes members with `path: "members"` and the members as `value`,
 * which scim-patch ignores: such an operation becomes one `members[value eq "…"]` removal each.
 */
export function patchedGroup(current: Record<string, unknown>, body: unknown): DesiredGroup {
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  const spread = Array.isArray(operations)
    ? operations.flatMap((operation: unknown) => removalsOf(operation) ?? [operation])
    : operations;
  const patched = patchedUser(current, { ...(body as object), Operations: spread });
  return desiredGroupOf(patched, current.id as string);
}

function removalsOf(operation: unknown): unknown[] | undefined {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const { op, path, value } = operation as Record<string, unknown>;
  if (typeof op !== 'string' || op.toLowerCase() !== 'remove') return undefined;
  if (typeof path !== 'string' || path.toLowerCase() !== 'members' || !Array.isArray(value))
    return undefined;
  return memberIdsOf(value).map((id) => ({
    op: 'remove',
    path: `members[value eq ${JSON.stringify(id)}]`,
  }));
}

/** What a Group list's filter asks: each criterion given must hold. */
export interface GroupCriteria {
  displayName?: string;
  roleKey?: string;
  member?: string;
}

/**
 * A Group list's filter (RFC 7644 §3.4.2.2, parsed by scim2-parse-filter): `eq` on
 * `displayName` (without regard to case), `id`, `members.value` or `members[value eq …]`, and
 * `and` of those. Anything else is `invalidFilter`, never answered wrongly.
 */
export function groupCriteriaOf(filter: unknown): GroupCriteria {
  if (filter === undefined) return {};
  if (typeof filter !== 'string') throw invalidFilter('filter is one string');
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch (error) {
    throw invalidFilter(`the filter does not parse: ${(error as Error).message}`);
  }
  const criteria: GroupCriteria = {};
  for (const term of parsed.op === 'and' ? parsed.filters : [parsed]) criterionOf(term, criteria);
  return criteria;
}

const CRITERIA: Record<string, keyof GroupCriteria> = {
  displayname: 'displayName',
  id: 'roleKey',
  'members.value': 'member',
};

function criterionOf(term: Filter, criteria: GroupCriteria): void {
  let attribute: string;
  let value: unknown;
  if (term.op === '[]' && term.attrPath.toLowerCase() === 'members' && term.valFilter.op === 'eq') {
    if (term.valFilter.attrPath.toLowerCase() !== 'value')
      throw invalidFilter('members are filtered by value');
    [attribute, value] = ['members.value', term.valFilter.compValue];
  } else if (term.op === 'eq') {
    attribute = term.attrPath.toLowerCase().replace(`${GROUP_SCHEMA.toLowerCase()}:`, '');
    value = term.compValue;
  } else throw invalidFilter('Groups are filtered by eq on displayName, id and members.value');
  const name = CRITERIA[attribute];
  if (!name) throw invalidFilter(`Groups cannot be filtered on ${attribute}`);
  if (typeof value !== 'string') throw invalidFilter(`${attribute} is compared with a string`);
  if (criteria[name] !== undefined) throw invalidFilter(`${attribute} is given twice`);
  // An id that no key makes is no Group's: the empty key, which no role has, finds none.
  criteria[name] = name === 'roleKey' ? (roleKeyOf(value) ?? '') : value;
}

function invalidFilter(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidFilter');
}
