import type { Compare } from 'scim2-parse-filter';
import { rfc3339Time } from '../validation/formats.js';
import { ScimError } from './scim-errors.js';

/** One of ListUsers' queries (any level of its nesting). */
export type UserQuery = Record<string, unknown>;

/** A comparison of a filter: eq, co, sw, ew, gt, ge, lt, le (ne is `not eq`). */
export type Comparison = Pick<Compare, 'op' | 'compValue'>;

/** What a filter may name: how `pr` reads, and how a comparison of it reads, as ListUsers'. */
export interface FilterAttribute {
  present: UserQuery;
  compare(comparison: Comparison, path: string): UserQuery;
  /** A complex attribute's: a value path (`emails[…]`) may filter by them. */
  subAttributes?: true;
}

/** Holds for every SCIM User (lists hold people alone); its negation for none. */
export const ALWAYS: UserQuery = { typeQuery: { type: 'TYPE_HUMAN' } };
export const NEVER: UserQuery = not(ALWAYS);

/** The negation; of a negation, what it negates. */
export function not(query: UserQuery): UserQuery {
  const negated = (query.notQuery as { query: UserQuery } | undefined)?.query;
  return negated ?? { notQuery: { query } };
}

/**
 * The queries joined by `and` or `or`, one level: a part that is the same join gives its parts,
 * so that a filter reaches ListUsers' depth (5 levels) as late as it can.
 */
export function joined(kind: 'and' | 'or', parts: UserQuery[]): UserQuery {
  const key = `${kind}Query`;
  const queries = parts.flatMap(
    (part) => (part[key] as { queries: UserQuery[] } | undefined)?.queries ?? [part],
  );
  return queries.length === 1 ? queries[0]! : { [key]: { queries } };
}

export function both(one: UserQuery, other: UserQuery): UserQuery {
  return joined('and', [one, other]);
}

export function invalidFilter(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidFilter');
}

const TEXT_METHODS: Record<string, string> = {
  eq: 'EQUALS',
  co: 'CONTAINS',
  sw: 'STARTS_WITH',
  ew: 'ENDS_WITH',
  gt: 'GREATER',
  ge: 'GREATER_OR_EQUALS',
  lt: 'LESS',
  le: 'LESS_OR_EQUALS',
};

/** Whether `text` meets the comparison, as ListUsers compares (code points; case as given). */
function meets(text: string, { op, compValue }: Comparison): boolean {
  const value = String(compValue);
  const results: Record<string, boolean> = {
    eq: text === value,
    co: text.includes(value),
    sw: text.startsWith(value),
    ew: text.endsWith(value),
    gt: text > value,
    ge: text >= value,
    lt: text < value,
    le: text <= value,
  };
  return results[op] ?? false;
}

/**
 * A string attribute, ListUsers' text query `query` on `field`: without regard to case unless
 * RFC 7643 says caseExact. An optional one (`optional`) absent is the empty text to ListUsers and
 * no value to SCIM, so its `pr` is "greater than the empty text", and a comparison the empty
 * text meets also asks for a value.
 */
function text(query: string, field: string, more: { caseExact?: true; optional?: true } = {}) {
  const of = (value: string, method: string) => ({ [query]: { [field]: value, method } });
  // A required one (a person's user name, names, email) every person has, never empty.
  // Present: greater than the empty text (one query, not a negation, to spare a level).
  const present = more.optional ? of('', 'TEXT_QUERY_METHOD_GREATER') : ALWAYS;
  return {
    present,
    compare(comparison: Comparison, path: string): UserQuery {
      if (typeof comparison.compValue !== 'string')
        throw invalidFilter(`${path} is compared with a string`);
      const method = `TEXT_QUERY_METHOD_${TEXT_METHODS[comparison.op]}${more.caseExact ? '' : '_IGNORE_CASE'}`;
      const compared = of(comparison.compValue, method);
      return more.optional && meets('', comparison) ? both(present, compared) : compared;
    },
  } satisfies FilterAttribute;
}

/** A boolean: eq (and ne) with true or false; it has no order or parts. */
function boolean(present: UserQuery, queryOf: (value: boolean) => UserQuery): FilterAttribute {
  return {
    present,
    compare({ op, compValue }, path) {
      if (op !== 'eq' || typeof compValue !== 'boolean')
        throw invalidFilter(`${path} is a boolean: eq or ne with true or false`);
      return queryOf(compValue);
    },
  };
}

const DATE_METHODS: Record<string, string> = {
  eq: 'EQUALS',
  gt: 'GREATER',
  ge: 'GREATER_OR_EQUALS',
  lt: 'LESS',
  le: 'LESS_OR_EQUALS',
};

/** A dateTime (every User has it): compared in time, with an RFC 3339 time. */
function date(query: string, field: string): FilterAttribute {
  return {
    present: ALWAYS,
    compare({ op, compValue }, path) {
      const method = DATE_METHODS[op];
      if (!method) throw invalidFilter(`${path} is a dateTime: eq, ne, gt, ge, lt, le or pr`);
      if (typeof compValue !== 'string' || rfc3339Time(compValue) === undefined)
        throw invalidFilter(`${path} is compared with an RFC 3339 time`);
      return { [query]: { [field]: compValue, method: `TIMESTAMP_QUERY_METHOD_${method}` } };
    },
  };
}

/** A complex attribute every User has, filtered by its sub-attributes or `pr` alone. */
const complex: FilterAttribute = {
  present: ALWAYS,
  subAttributes: true,
  compare(_comparison, path) {
    throw invalidFilter(`${path} is complex: filter by a sub-attribute`);
  },
};

const email = text('emailQuery', 'emailAddress');
const phone = text('phoneQuery', 'number', { caseExact: true, optional: true });

/**
 * `name.formatted` is answered as "givenName familyName" and not kept: equal to a text when, at
 * one of its spaces, the given name is the part before and the family name the part after.
 */
const formattedName: FilterAttribute = {
  present: ALWAYS,
  compare({ op, compValue }, path) {
    if (op !== 'eq' || typeof compValue !== 'string')
      throw invalidFilter(`${path} is not kept: eq, ne or pr with a string`);
    const name = (given: string, family: string) =>
      both(
        { firstNameQuery: { firstName: given, method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } },
        { lastNameQuery: { lastName: family, method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } },
      );
    // Each space is one way to split it, one term of List Users' `or` (at most 20), and the
    // names are 200 characters at most: anything longer names no one and costs every term.
    const spaces = [...compValue.matchAll(/ /g)];
    if (spaces.length > 20 || compValue.length > 401)
      throw invalidFilter(`${path} eq compares at most 401 characters with at most 20 spaces`);
    const splits = spaces.map(({ index }) =>
      name(compValue.slice(0, index), compValue.slice(index! + 1)),
    );
    return splits.length === 0 ? NEVER : { orQuery: { queries: splits } };
  },
};

/**
 * The User's attributes a filter may name, lower-cased, without the schema's URN. The user's
 * email is the `primary` entry of `emails` (so is the phone of `phoneNumbers`); the types and
 * other entries a directory sent are kept as metadata, no column to search: a filter on them
 * is refused rather than answered wrongly.
 */
const ATTRIBUTES: Record<string, FilterAttribute> = {
  id: {
    present: ALWAYS,
    compare({ op, compValue }, path) {
      if (op !== 'eq' || typeof compValue !== 'string')
        throw invalidFilter(`${path} takes eq, ne or pr with a string`);
      return { inUserIdsQuery: { userIds: [compValue] } };
    },
  },
  externalid: text('externalIdQuery', 'externalId', { caseExact: true, optional: true }),
  username: text('userNameQuery', 'userName'),
  name: complex,
  'name.givenname': text('firstNameQuery', 'firstName'),
  'name.familyname': text('lastNameQuery', 'lastName'),
  'name.formatted': formattedName,
  displayname: text('displayNameQuery', 'displayName'),
  nickname: text('nickNameQuery', 'nickName', { optional: true }),
  active: boolean(ALWAYS, (active) => {
    const inactive = { stateQuery: { state: 'USER_STATE_INACTIVE' } };
    return active ? not(inactive) : inactive;
  }),
  emails: { ...email, subAttributes: true },
  'emails.value': email,
  'emails.primary': boolean(email.present, (primary) => (primary ? email.present : NEVER)),
  phonenumbers: { ...phone, subAttributes: true },
  'phonenumbers.value': phone,
  'phonenumbers.primary': boolean(phone.present, (primary) => (primary ? phone.present : NEVER)),
  meta: complex,
  'meta.created': date('creationDateQuery', 'creationDate'),
  'meta.lastmodified': date('changeDateQuery', 'changeDate'),
};

/** The attribute a (lower-cased) path names; another is refused. */
export function attributeNamed(path: string): FilterAttribute {
  const attribute = ATTRIBUTES[path];
  if (!attribute) throw invalidFilter(`the attribute ${path} cannot be filtered on`);
  return attribute;
}
