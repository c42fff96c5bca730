import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim-errors.js';

/** One of ListUsers' queries (any level of its nesting). */
export type UserQuery = Record<string, unknown>;

type TextMethod = 'EQUALS' | 'STARTS_WITH' | 'CONTAINS' | 'ENDS_WITH';

const TEXT_METHODS: Partial<Record<Filter['op'], TextMethod>> = {
  eq: 'EQUALS',
  sw: 'STARTS_WITH',
  co: 'CONTAINS',
  ew: 'ENDS_WITH',
};

/** ListUsers' text query for a SCIM attribute: its property, its value's name, its case. */
interface TextAttribute {
  query: string;
  field: string;
  /** RFC 7643's caseExact: compared as given; otherwise without regard to case. */
  caseExact?: boolean;
}

/** The User's attributes a filter may name, lower-cased, without the schema's URN. */
const TEXT_ATTRIBUTES: Record<string, TextAttribute> = {
  username: { query: 'userNameQuery', field: 'userName' },
  'name.givenname': { query: 'firstNameQuery', field: 'firstName' },
  'name.familyname': { query: 'lastNameQuery', field: 'lastName' },
  nickname: { query: 'nickNameQuery', field: 'nickName' },
  displayname: { query: 'displayNameQuery', field: 'displayName' },
  emails: { query: 'emailQuery', field: 'emailAddress' },
  'emails.value': { query: 'emailQuery', field: 'emailAddress' },
  externalid: { query: 'externalIdQuery', field: 'externalId', caseExact: true },
};

const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2, parsed by scim2-parse-filter) as ListUsers' queries over the
 * user read model. What this slice translates: eq, ne, co, sw, ew on the text attributes above,
 * eq and ne on `id` and `active`, and, or, not, grouping and `emails[value …]`; the rest (pr, gt,
 * ge, lt, le, other attributes) is refused as `invalidFilter`, never answered wrongly.
 */
export function userQueriesOf(filter: string): UserQuery {
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch (error) {
    throw invalidFilter(`the filter does not parse: ${(error as Error).message}`);
  }
  return queryOf(parsed, '');
}

function queryOf(filter: Filter, prefix: string): UserQuery {
  switch (filter.op) {
    case 'and':
    case 'or':
      return {
        [`${filter.op}Query`]: { queries: filter.filters.map((part) => queryOf(part, prefix)) },
      };
    case 'not':
      return { notQuery: { query: queryOf(filter.filter, prefix) } };
    case '[]': {
      if (prefix !== '') throw invalidFilter('a value filter inside a value filter');
      return queryOf(filter.valFilter, `${attributeOf(filter.attrPath)}.`);
    }
    case 'ne': {
      const equal = comparisonOf(prefix + attributeOf(filter.attrPath), 'eq', filter.compValue);
      return { notQuery: { query: equal } };
    }
    case 'eq':
    case 'co':
    case 'sw':
    case 'ew':
      return comparisonOf(prefix + attributeOf(filter.attrPath), filter.op, filter.compValue);
    default:
      throw invalidFilter(`the operator ${filter.op} is not supported yet`);
  }
}

function comparisonOf(attribute: string, op: string, value: unknown): UserQuery {
  if (attribute === 'id') {
    if (op !== 'eq' || typeof value !== 'string') throw invalidFilter('id takes eq with a string');
    return { inUserIdsQuery: { userIds: [value] } };
  }
  if (attribute === 'active') {
    if (op !== 'eq' || typeof value !== 'boolean')
      throw invalidFilter('active takes eq with true or false');
    const inactive = { stateQuery: { state: 'USER_STATE_INACTIVE' } };
    return value ? { notQuery: { query: inactive } } : inactive;
  }
  const text = TEXT_ATTRIBUTES[attribute];
  if (!text) throw invalidFilter(`the attribute ${attribute} cannot be filtered on yet`);
  if (typeof value !== 'string') throw invalidFilter(`${attribute} is compared with a string`);
  const method = `TEXT_QUERY_METHOD_${TEXT_METHODS[op as Filter['op']]}${text.caseExact ? '' : '_IGNORE_CASE'}`;
  return { [text.query]: { [text.field]: value, method } };
}

/** An attribute path lower-cased (names are case-insensitive), without the User schema's URN. */
function attributeOf(path: string): string {
  const lower = path.toLowerCase();
  return lower.startsWith(USER_URN) ? lower.slice(USER_URN.length) : lower;
}

function invalidFilter(detail: string): ScimError {
  return new ScimError(400, detail, 'invalidFilter');
}
