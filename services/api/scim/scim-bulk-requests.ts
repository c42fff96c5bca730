import { ScimError } from './scim-errors.js';
import { lowerKeys } from './scim-values.js';

export const BULK_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
export const BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';

/** The most operations one BulkRequest holds (ServiceProviderConfig's bulk.maxOperations). */
export const MAX_OPERATIONS = 1000;
/** The largest BulkRequest body, in bytes (bulk.maxPayloadSize): 1,000 users fit easily. */
export const MAX_PAYLOAD_SIZE = 4 * 1024 * 1024;

export type BulkMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of a BulkRequest (RFC 7644 §3.7), checked. */
export interface BulkOperation {
  method: BulkMethod;
  bulkId?: string;
  /** The resource's version, as If-Match. */
  version?: string;
  /** The path relative to the endpoint: `/Users`, `/Groups/{id}`; may hold `bulkId:` references. */
  path: string;
  data?: unknown;
  /** The bulkIds this operation refers to in its path, and of the request's in its data. */
  references: string[];
}

export interface BulkRequest {
  /** Processing stops once this many operations failed; none: all are tried. */
  failOnErrors?: number;
  operations: BulkOperation[];
}

const REFERENCE = /^bulkId:(.+)$/;

/**
 * A BulkRequest body, checked: `schemas`, `Operations` (at most MAX_OPERATIONS: more is 413
 * `tooMany`), each with a method, a path and, for POST (which RFC 7644 requires it of), a
 * bulkId, unique in the request; `failOnErrors` a positive integer.
 */
export function bulkRequestOf(body: unknown): BulkRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ScimError(400, 'the body is not a BulkRequest object', 'invalidSyntax');
  const request = lowerKeys(body as Record<string, unknown>);
  if (!Array.isArray(request.schemas) || !request.schemas.includes(BULK_REQUEST))
    throw new ScimError(400, `schemas must include ${BULK_REQUEST}`, 'invalidValue');
  const { failonerrors: failOnErrors, operations } = request;
  if (
    failOnErrors !== undefined &&
    (typeof failOnErrors !== 'number' || !Number.isSafeInteger(failOnErrors) || failOnErrors < 1)
  )
    throw new ScimError(400, 'failOnErrors is a positive integer', 'invalidValue');
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'Operations is a non-empty array', 'invalidValue');
  if (operations.length > MAX_OPERATIONS)
    throw new ScimError(
      413,
      `a BulkRequest holds at most ${MAX_OPERATIONS} operations (maxOperations)`,
      'tooMany',
    );
  const bulkIds = new Set<string>();
  const checked = operations.map((operation: unknown, index) => {
    const one = operationOf(operation, index);
    if (one.bulkId !== undefined) {
      if (bulkIds.has(one.bulkId))
        throw new ScimError(400, `Operations[${index}]: bulkId is given twice`, 'invalidValue');
      bulkIds.add(one.bulkId);
    }
    return one;
  });
  // In data, only a value naming one of the request's bulkIds is a reference: any other text
  // that happens to start with `bulkId:` (a password, a name) is the value as given.
  for (const operation of checked)
    operation.references = [
      ...new Set([
        ...referencesIn(operation.path.split('/')),
        ...referencesIn(operation.data).filter((id) => bulkIds.has(id)),
      ]),
    ];
  return { ...(failOnErrors !== undefined && { failOnErrors }), operations: checked };
}

function operationOf(operation: unknown, index: number): BulkOperation {
  const where = `Operations[${index}]`;
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation))
    throw new ScimError(400, `${where} is not an object`, 'invalidSyntax');
  const {
    method,
    bulkid: bulkId,
    version,
    path,
    data,
  } = lowerKeys(operation as Record<string, unknown>);
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper))
    throw new ScimError(400, `${where}: method is POST, PUT, PATCH or DELETE`, 'invalidValue');
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new ScimError(400, `${where}: path is a resource's path such as /Users`, 'invalidPath');
  if (bulkId !== undefined && (typeof bulkId !== 'string' || bulkId === ''))
    throw new ScimError(400, `${where}: bulkId is a string`, 'invalidValue');
  if (upper === 'POST' && bulkId === undefined)
    throw new ScimError(400, `${where}: a POST has a bulkId`, 'invalidValue');
  if (version !== undefined && typeof version !== 'string')
    throw new ScimError(400, `${where}: version is a string`, 'invalidValue');
  return {
    method: upper as BulkMethod,
    ...(bulkId !== undefined && { bulkId: bulkId as string }),
    ...(version !== undefined && { version: version as string }),
    path,
    ...(data !== undefined && { data }),
    references: [],
  };
}

/** The bulkIds a value refers to: every string `bulkId:<id>` in it, at any depth. */
function referencesIn(value: unknown): string[] {
  if (typeof value === 'string') {
    const match = REFERENCE.exec(value);
    return match ? [match[1]!] : [];
  }
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value === 'object' && value !== null)
    return Object.values(value).flatMap(referencesIn);
  return [];
}

/** `value` with every `bulkId:<id>` string replaced by the id the operation `<id>` made. */
export function resolved<Value>(value: Value, ids: ReadonlyMap<string, string>): Value {
  if (typeof value === 'string') {
    const match = REFERENCE.exec(value);
    return (match ? (ids.get(match[1]!) ?? value) : value) as Value;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => resolved(item, ids)) as Value;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolved(item, ids)]),
    ) as Value;
  return value;
}

/** One operation's outcome in a BulkResponse (RFC 7644 §3.7.3). */
export interface BulkResult {
  method: BulkMethod;
  bulkId?: string;
  version?: string;
  location?: string;
  status: string;
  response?: unknown;
}
