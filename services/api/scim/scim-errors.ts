import { ServiceError, StatusCode } from '../../../shared/errors/service-error.js';
import { ERROR_CATALOGUE, type CatalogueEntry } from '../../../shared/errors/error-catalogue.js';

/** The URN of SCIM's error message (RFC 7644 §3.12). */
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The `scimType`s of RFC 7644 §3.12 that this provider answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'uniqueness'
  | 'tooMany'
  | 'mutability'
  | 'invalidPath';

/** A failure in SCIM's own terms: its HTTP status, its scimType where RFC 7644 has one. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export interface ScimErrorBody {
  schemas: [typeof SCIM_ERROR];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(error: ScimError): ScimErrorBody {
  return {
    schemas: [SCIM_ERROR],
    status: String(error.status),
    ...(error.scimType && { scimType: error.scimType }),
    detail: error.detail,
  };
}

/**
 * An operation's failure as SCIM answers it: the operation's HTTP status (the error catalogue's),
 * its message as the detail, and the scimType the condition is in SCIM: anything taken (a user name, a
 * role key) is `uniqueness`, a refused argument `invalidValue` (or `badArgument`, the caller's choice, where
 * the argument was a filter).
 */
export function scimErrorOf(
  error: ServiceError,
  badArgument: ScimType = 'invalidValue',
): ScimError {
  const entry: CatalogueEntry = ERROR_CATALOGUE[error.id];
  const status = entry.http ?? 500;
  // A taken user name, role key or grant: in SCIM, a resource that exists.
  if (error.code === StatusCode.ALREADY_EXISTS)
    return new ScimError(status, error.message, 'uniqueness');
  if (error.code === StatusCode.INVALID_ARGUMENT) {
    const fields = error.fieldViolations.map((v) => `${v.field}: ${v.description}`);
    return new ScimError(status, [error.message, ...fields].join('; '), badArgument);
  }
  return new ScimError(status, error.message);
}
