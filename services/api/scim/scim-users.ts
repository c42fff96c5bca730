import type { ImportHumanUserRequest } from '../operations/import-human-user/import-human-user.request.js';
import type { ListUsersRequest } from '../operations/list-users/list-users.request.js';
import type { UserView } from '../queries/user-views.js';
import { ScimError } from './scim-errors.js';
import { lowerKeys, objectOr, primaryValue } from './scim-values.js';
import { userPhoneOf } from './scim-phones.js';
import { userQueriesOf } from './scim-filter.js';
import { type Projection, projectionOf } from './scim-projection.js';
import {
  attributesOf,
  ENTERPRISE_SCHEMA,
  metadataOf,
  type MetadataEntry,
} from './scim-attributes.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** The longest filter read: far more than List Users' 20 terms a level of 200 characters need. */
export const MAX_FILTER_LENGTH = 10_000;

/** The most resources one page answers (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 1000;

/**
 * A user of the read model as a SCIM User (RFC 7643 §4.1), with what its `scim.` metadata keeps
 * (the attributes that have no column of their own, the enterprise extension); `location` is
 * its URL.
 */
export function scimUserOf(
  user: UserView,
  location: string,
  metadata: readonly MetadataEntry[] = [],
): Record<string, unknown> {
  const human = user.human;
  const profile = human?.profile;
  const kept = attributesOf(metadata, { email: human?.email.email, phone: human?.phone?.phone });
  return {
    schemas: kept.enterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: user.id,
    ...(user.externalId !== undefined && { externalId: user.externalId }),
    userName: user.userName,
    ...(profile && {
      name: {
        givenName: profile.firstName,
        familyName: profile.lastName,
        formatted: `${profile.firstName} ${profile.lastName}`,
        ...kept.name,
      },
      displayName: profile.displayName,
      ...(profile.nickName && { nickName: profile.nickName }),
      ...(profile.preferredLanguage && { preferredLanguage: profile.preferredLanguage }),
    }),
    // The one email is the work email: what Entra ID and Okta provision, and what Entra's
    // PATCH of `emails[type eq "work"].value` must find (without a type it would add a second).
    ...(human && { emails: [{ value: human.email.email, type: 'work', primary: true }] }),
    ...(human?.phone && { phoneNumbers: [{ value: human.phone.phone, primary: true }] }),
    ...kept.core,
    active: user.state !== 'USER_STATE_INACTIVE',
    ...(kept.enterprise && { [ENTERPRISE_SCHEMA]: kept.enterprise }),
    meta: {
      resourceType: 'User',
      created: user.details.creationDate.toISOString(),
      lastModified: user.details.changeDate.toISOString(),
      location,
      version: versionOf(user.details.sequence),
    },
  };
}

/** The ETag of a resource: weak, of the sequence of its last event. */
export function versionOf(sequence: string): string {
  return `W/"${sequence}"`;
}

/** What a SCIM User to create comes down to: the import, its metadata, and whether it is active. */
export interface UserToCreate {
  import: ImportHumanUserRequest;
  metadata: MetadataEntry[];
  active: boolean;
}

/**
 * A SCIM User to create as ImportHumanUser's request, the metadata that keeps the rest (its
 * `scim.` keys) and whether it is active. The directory vouches for the addresses it provisions,
 * so the email and phone are taken as verified; the primary one (or the first) of each is the
 * user's, the phone in E.164 (one without a country code is only kept, as given). ImportHumanUser's
 * own schema then checks the result, as for any import.
 */
export function userToCreateOf(body: unknown): UserToCreate {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'the body is not a SCIM User object', 'invalidSyntax');
  const user = lowerKeys(body as Record<string, unknown>);
  const schemas = user.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(USER_SCHEMA))
    throw new ScimError(400, `schemas must include ${USER_SCHEMA}`, 'invalidValue');
  const name = lowerKeys(objectOr(user.name, 'name'));
  const email = primaryValue(user.emails, 'emails');
  const phone = userPhoneOf(primaryValue(user.phonenumbers, 'phoneNumbers'));
  const language = user.preferredlanguage ?? user.locale;
  return {
    import: {
      userName: user.username as string,
      ...(user.externalid !== undefined && { externalId: user.externalid as string }),
      profile: {
        firstName: name.givenname as string,
        lastName: name.familyname as string,
        ...(user.nickname !== undefined && { nickName: user.nickname as string }),
        ...(user.displayname !== undefined && { displayName: user.displayname as string }),
        ...(language !== undefined && { preferredLanguage: language as string }),
      },
      email: { email: email as string, isEmailVerified: true },
      ...(phone !== undefined && { phone: { phone, isPhoneVerified: true } }),
      ...(user.password !== undefined && { password: user.password as string }),
    },
    metadata: metadataOf(user),
    active: activeOf(user.active) ?? true,
  };
}

/** `active` as a boolean; Microsoft Entra ID sends the strings "True" and "False". */
export function activeOf(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value))
    return value.toLowerCase() === 'true';
  throw new ScimError(400, 'active is true or false', 'invalidValue');
}

/** The User attributes a list may be sorted by, lower-cased, as ListUsers' sorting columns. */
const SORT_COLUMNS: Record<string, NonNullable<ListUsersRequest['sortingColumn']>> = {
  username: 'USER_FIELD_NAME_USER_NAME',
  'name.givenname': 'USER_FIELD_NAME_FIRST_NAME',
  'name.familyname': 'USER_FIELD_NAME_LAST_NAME',
  nickname: 'USER_FIELD_NAME_NICK_NAME',
  displayname: 'USER_FIELD_NAME_DISPLAY_NAME',
  emails: 'USER_FIELD_NAME_EMAIL',
  'emails.value': 'USER_FIELD_NAME_EMAIL',
  'meta.created': 'USER_FIELD_NAME_CREATION_DATE',
};

/** What a list asks, from the query string (strings) or a `.search` body (JSON values). */
export interface ListParameters {
  filter?: unknown;
  startIndex?: unknown;
  count?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  attributes?: unknown;
  excludedAttributes?: unknown;
}

/**
 * ListUsers' request for a SCIM list: its filter, 1-based startIndex and count, its order
 * (sortBy, then id, as ListUsers orders; the order users were made in without one), people only;
 * and the attributes each User is answered with.
 */
export function listRequestOf(query: ListParameters): {
  request: ListUsersRequest;
  startIndex: number;
  count: number;
  projection: Projection;
} {
  const startIndex = Math.max(1, integerOf(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(MAX_RESULTS, Math.max(0, integerOf(query.count, 'count') ?? 100));
  const queries: unknown[] = [{ typeQuery: { type: 'TYPE_HUMAN' } }];
  if (query.filter !== undefined) {
    if (typeof query.filter !== 'string')
      throw new ScimError(400, 'filter is one string', 'invalidFilter');
    if (query.filter.length > MAX_FILTER_LENGTH)
      throw new ScimError(
        400,
        `a filter is at most ${MAX_FILTER_LENGTH} characters`,
        'invalidFilter',
      );
    // Its top `and` is the list's own (every query must hold): one level fewer.
    const filter = userQueriesOf(query.filter);
    queries.push(...((filter.andQuery as { queries: unknown[] } | undefined)?.queries ?? [filter]));
  }
  let sortingColumn: ListUsersRequest['sortingColumn'];
  if (query.sortBy !== undefined) {
    const attribute =
      typeof query.sortBy === 'string'
        ? query.sortBy.toLowerCase().replace(`${USER_SCHEMA.toLowerCase()}:`, '')
        : '';
    sortingColumn = SORT_COLUMNS[attribute];
    if (!sortingColumn)
      throw new ScimError(
        400,
        `a list cannot be sorted by ${String(query.sortBy)} yet`,
        'invalidValue',
      );
  }
  const order = query.sortOrder === undefined ? 'ascending' : String(query.sortOrder).toLowerCase();
  if (order !== 'ascending' && order !== 'descending')
    throw new ScimError(400, 'sortOrder is ascending or descending', 'invalidValue');
  return {
    // A count of 0 asks for totalResults alone; ListUsers reads one row for it.
    request: {
      query: {
        offset: String(startIndex - 1),
        limit: Math.max(count, 1),
        asc: order === 'ascending',
      },
      ...(sortingColumn && { sortingColumn }),
      queries,
    } as ListUsersRequest,
    startIndex,
    count,
    projection: projectionOf(query),
  };
}

function integerOf(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value !== 'string' || !/^-?\d{1,9}$/.test(value))
    throw new ScimError(400, `${name} is an integer`, 'invalidValue');
  return Number(value);
}
