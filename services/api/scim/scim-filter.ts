import { parse, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scim-errors.js';
import {
  ALWAYS,
  attributeNamed,
  both,
  type Comparison,
  invalidFilter,
  joined,
  not,
  type UserQuery,
} from './scim-filter-attributes.js';

export type { UserQuery } from './scim-filter-attributes.js';

const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';

/**
 * A SCIM filter (RFC 7644 §3.4.2.2, parsed by scim2-parse-filter) as ListUsers' queries over the
 * user read model, so that a SCIM list is exactly ListUsers' answer for the same queries. Every
 * operator (eq, ne, co, sw, ew, gt, ge, lt, le, pr), and, or, not, grouping and value paths
 * (`emails[type eq "work" and value co "@x"]`) over the attributes of scim-filter-attributes.ts;
 * anything else is refused as `invalidFilter`, never answered wrongly.
 */
export function userQueriesOf(filter: string): UserQuery {
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch (error) {
    throw invalidFilter(`the filter does not parse: ${(error as Error).message}`);
  }
  return queryOf(parsed, undefined);
}

/** The query of a filter; inside a value path, `within` is its multi-valued or complex attribute. */
function queryOf(filter: Filter, within: string | undefined): UserQuery {
  switch (filter.op) {
    case 'and':
    case 'or':
      return joined(
        filter.op,
        filter.filters.map((part) => queryOf(part, within)),
      );
    case 'not':
      return not(queryOf(filter.filter, within));
    case '[]': {
      if (within !== undefined) throw invalidFilter('a value filter inside a value filter');
      const path = pathOf(filter.attrPath);
      const attribute = attributeNamed(path);
      if (!attribute.subAttributes)
        throw invalidFilter(`${filter.attrPath} has no sub-attributes to filter by`);
      // Our one email or phone: a value filter holds when there is one and it meets the filter.
      const inner = queryOf(filter.valFilter, path);
      return attribute.present === ALWAYS ? inner : both(attribute.present, inner);
    }
    case 'pr':
      return attributeNamed(pathOf(filter.attrPath, within)).present;
    default: {
      const attribute = attributeNamed(pathOf(filter.attrPath, within));
      const comparison = filter as Comparison;
      if (comparison.op === 'ne')
        return not(attribute.compare({ ...comparison, op: 'eq' }, filter.attrPath));
      return attribute.compare(comparison, filter.attrPath);
    }
  }
}

/**
 * An attribute path lower-cased (names are case-insensitive), without the User schema's URN,
 * and after the value path's attribute inside one.
 */
function pathOf(path: string, within?: string): string {
  let lower = path.toLowerCase();
  if (lower.startsWith(USER_URN)) lower = lower.slice(USER_URN.length);
  if (lower.startsWith('urn:'))
    throw new ScimError(400, `the schema of ${path} is not filtered by`, 'invalidFilter');
  return within === undefined ? lower : `${within}.${lower}`;
}
