import type { Request } from 'express';
import {
  invalidArgument,
  requestTooLarge,
  ServiceError,
} from '../../../../shared/errors/service-error.js';
import type { Operation } from '../../operations/operation.js';
import { describeJsonSyntaxError } from './json-syntax.js';

/** What body-parser and the router put on the errors they pass on (http-errors' fields). */
export interface HttpError {
  type?: string;
  status?: number;
  body?: unknown;
}

/** A body in an encoding or charset that is not read here: HTTP 415. */
export const unsupportedMediaType = (what: string): ServiceError =>
  new ServiceError('UNSUPPORTED-MEDIA-TYPE', what);

/**
 * The error a caller sees for a request that never reached an operation because it could not be
 * read: a body over the limit, in an unknown encoding or charset, that does not decompress or is
 * not JSON, a path that is not percent-encoded UTF-8. Undefined for anything else, which is
 * unexpected.
 */
export function unreadableRequest(
  error: HttpError,
  request: Request,
  operations: readonly Operation[],
): ServiceError | undefined {
  if (error instanceof URIError) return invalidArgument(undecodablePath(request.path, operations));
  const status = error.status ?? 500;
  if (status >= 500) return undefined;
  switch (error.type) {
    case 'entity.too.large':
      return requestTooLarge();
    case 'encoding.unsupported':
      return unsupportedMediaType(
        'the request body is in a Content-Encoding this service does not read: send it as is, or with gzip, deflate or br',
      );
    case 'charset.unsupported':
      return unsupportedMediaType('the request body must be JSON in UTF-8');
    case 'entity.parse.failed':
      return bodyViolation(
        typeof error.body === 'string'
          ? describeJsonSyntaxError(error.body)
          : 'the request body is not valid JSON',
      );
  }
  // zlib's own errors carry no type: a body that does not decompress as its Content-Encoding says.
  const encoding = request.get('content-encoding')?.toLowerCase() ?? 'identity';
  if (error.type === undefined && encoding !== 'identity') {
    return bodyViolation(`the request body is not valid ${encoding} data`);
  }
  return bodyViolation('the request body could not be read');
}

function bodyViolation(description: string): ServiceError {
  return invalidArgument([{ field: '', description }]);
}

/**
 * The router could not decode a path parameter: the fields of the operation whose path it is,
 * named for their segments that are not percent-encoded UTF-8 (`%zz`, `%ff`, a lone `%`).
 */
function undecodablePath(
  path: string,
  operations: readonly Operation[],
): { field: string; description: string }[] {
  const segments = path.split('/');
  for (const { http } of operations) {
    const pattern = http.path.split('/');
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((part, index) => part.startsWith(':') || part === segments[index])) continue;
    const fields = pattern.flatMap((part, index) =>
      part.startsWith(':') && !decodes(segments[index]!) ? [part.slice(1)] : [],
    );
    if (fields.length > 0) return fields.map((field) => ({ field, description: PATH_ENCODING }));
  }
  return [{ field: '', description: `the request path ${PATH_ENCODING}` }];
}

const PATH_ENCODING = 'must be percent-encoded UTF-8';

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
