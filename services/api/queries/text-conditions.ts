import type { Dialect, TextMatch, Write } from '../../../shared/db/dialect.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';

/** How a text query compares (identity.v1.TextQueryMethod). */
export type TextQueryMethod =
  | 'TEXT_QUERY_METHOD_EQUALS'
  | 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE'
  | 'TEXT_QUERY_METHOD_STARTS_WITH'
  | 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE'
  | 'TEXT_QUERY_METHOD_CONTAINS'
  | 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE'
  | 'TEXT_QUERY_METHOD_ENDS_WITH'
  | 'TEXT_QUERY_METHOD_ENDS_WITH_IGNORE_CASE'
  | `TEXT_QUERY_METHOD_${Order}`
  | `TEXT_QUERY_METHOD_${Order}_IGNORE_CASE`;

/** The order comparisons (not ZITADEL's), for SCIM's gt, ge, lt and le; every list takes them. */
type Order = 'GREATER' | 'GREATER_OR_EQUALS' | 'LESS' | 'LESS_OR_EQUALS';

/** The SQL operator of each order comparison, the same on MariaDB and SQLite. */
export const ORDER_OPERATORS: Record<Order, string> = {
  GREATER: '>',
  GREATER_OR_EQUALS: '>=',
  LESS: '<',
  LESS_OR_EQUALS: '<=',
};

/**
 * A text a query can compare: its SQL expression and, where the read model keeps one, the column
 * of its search key (`uniqueNameKey`, lower case), which an index covers with the organization.
 */
export interface TextColumn {
  column: string;
  key?: string;
}

export const ALWAYS: Write = { sql: '1 = 1', params: [] };
export const NEVER: Write = { sql: '1 = 0', params: [] };

const MATCHES: Record<string, TextMatch> = {
  EQUALS: 'equals',
  STARTS_WITH: 'startsWith',
  CONTAINS: 'contains',
  ENDS_WITH: 'endsWith',
};

/**
 * The condition of a text query. Ignoring case compares lower case (Unicode's): the search key
 * where there is one, so that the index serves it, `LOWER` of the column elsewhere. An empty text
 * starts, ends and is contained in every text. An order comparison compares code points (both
 * databases keep texts in a binary collation), so that it names the same users on either.
 */
export function textCondition(
  dialect: Dialect,
  target: TextColumn,
  value: string,
  method: TextQueryMethod = 'TEXT_QUERY_METHOD_EQUALS',
): Write {
  const ignoreCase = method.endsWith('_IGNORE_CASE');
  const kind = method.replace(/^TEXT_QUERY_METHOD_|_IGNORE_CASE$/g, '');
  const order = ORDER_OPERATORS[kind as Order];
  if (order) {
    if (!ignoreCase) return { sql: `${target.column} ${order} ?`, params: [value] };
    if (target.key) return { sql: `${target.key} ${order} ?`, params: [uniqueNameKey(value)] };
    return { sql: `LOWER(${target.column}) ${order} ?`, params: [value.toLowerCase()] };
  }
  const how = MATCHES[kind] ?? 'equals';
  if (how !== 'equals' && value === '') return ALWAYS;
  // A text equal to the value has the value's key: the key's index finds it, the text decides.
  if (!ignoreCase && how === 'equals' && target.key)
    return allOf([
      dialect.textMatch(target.key, how, uniqueNameKey(value)),
      dialect.textMatch(target.column, how, value),
    ]);
  if (!ignoreCase) return dialect.textMatch(target.column, how, value);
  if (target.key) return dialect.textMatch(target.key, how, uniqueNameKey(value));
  return dialect.textMatch(`LOWER(${target.column})`, how, value.toLowerCase());
}

/** Some text of the JSON array in `column` meets the text query (none in an empty array). */
export function someTextCondition(
  dialect: Dialect,
  column: string,
  value: string,
  method?: TextQueryMethod,
): Write {
  const match = textCondition(dialect, { column: 'element.value' }, value, method);
  return {
    sql: `EXISTS (SELECT 1 FROM ${dialect.jsonTexts(column)} WHERE ${match.sql})`,
    params: match.params,
  };
}

/** `column` is one of `values`; none is never. */
export function inCondition(column: string, values: readonly unknown[]): Write {
  if (values.length === 0) return NEVER;
  return { sql: `${column} IN (${values.map(() => '?').join(', ')})`, params: [...values] };
}

/** Every condition holds (none: always). */
export function allOf(conditions: readonly Write[]): Write {
  return joined(conditions, 'AND', ALWAYS);
}

/** Some condition holds (none: never). */
export function anyOf(conditions: readonly Write[]): Write {
  return joined(conditions, 'OR', NEVER);
}

export function not(condition: Write): Write {
  return { sql: `NOT (${condition.sql})`, params: condition.params };
}

function joined(conditions: readonly Write[], operator: string, empty: Write): Write {
  if (conditions.length === 0) return empty;
  return {
    sql: conditions.map((condition) => `(${condition.sql})`).join(` ${operator} `),
    params: conditions.flatMap((condition) => condition.params),
  };
}
