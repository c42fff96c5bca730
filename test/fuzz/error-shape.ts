import { StatusCode } from '../../shared/errors/service-error.js';

/**
 * The documented error shape (README.md, Errors): `{code, message, details}` over HTTP with the
 * status the code maps to, the same code, message and details in a google.rpc.Status over gRPC;
 * the details hold an identity.v1.ErrorDetail with a stable id and the message, and a
 * google.rpc.BadRequest naming the fields for INVALID_ARGUMENT. Each function lists what is wrong.
 */
const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
/** The error reference (docs/reference/errors.md): each code and the HTTP statuses it is answered with. */
const HTTP_STATUSES: Record<number, number[]> = {
  3: [400],
  4: [408],
  5: [404],
  6: [409],
  7: [403],
  8: [413, 429],
  9: [400],
  12: [501],
  13: [500],
  14: [503],
  16: [401],
};

/** The error reference: conditions with an HTTP status of their own. */
const STATUS_OF_ID: Record<string, number[]> = {
  'UNSUPPORTED-MEDIA-TYPE': [415],
  'HEADERS-TOO-LARGE': [431],
  'REQUEST-TIMEOUT': [408],
};

/** What is wrong with an HTTP error answer: its body, its details, its status for its code. */
export function jsonErrorProblems(status: number, body: unknown): string[] {
  if (!isObject(body)) return [`HTTP ${status} without a JSON error body`];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,details,message') return [`error body with the keys ${keys}`];
  const code = body.code as number;
  const problems = detailsProblems(code, body.message, body.details);
  const id = errorId(body.details);
  const expected = (id !== undefined && STATUS_OF_ID[id]) || HTTP_STATUSES[code];
  if (!expected?.includes(status)) problems.push(`code ${code} answered with HTTP ${status}`);
  return problems;
}

/** The documented details: an ErrorDetail with an id and the message, a BadRequest for code 3. */
export function detailsProblems(code: number, message: unknown, details: unknown): string[] {
  const problems: string[] = [];
  if (!(code in HTTP_STATUSES)) problems.push(`undocumented code ${code}`);
  if (typeof message !== 'string' || message === '') problems.push('no message');
  if (!Array.isArray(details)) return [...problems, 'details is not a list'];
  if (details.some((detail) => !isObject(detail) || typeof detail['@type'] !== 'string')) {
    problems.push('a detail without @type');
  }
  const errorDetail = details.find(
    (detail) => isObject(detail) && detail['@type'] === ERROR_DETAIL,
  );
  if (!errorDetail) problems.push('no identity.v1.ErrorDetail');
  else {
    if (typeof errorDetail.id !== 'string' || !/^[A-Z][A-Z0-9-]*$/.test(errorDetail.id)) {
      problems.push('an ErrorDetail without a stable id');
    }
    if (errorDetail.message !== message)
      problems.push('the ErrorDetail message differs from the message');
  }
  // Validation (REQUEST-INVALID) names the fields; an encoding or HTTP the service cannot read
  // (UNSUPPORTED-MEDIA-TYPE, REQUEST-MALFORMED) is about no field.
  if (code === StatusCode.INVALID_ARGUMENT && errorId(details) === 'REQUEST-INVALID') {
    const badRequest = details.find(
      (detail) => isObject(detail) && detail['@type'] === BAD_REQUEST,
    );
    const violations = (badRequest as { fieldViolations?: unknown } | undefined)?.fieldViolations;
    const listed =
      Array.isArray(violations) &&
      violations.length > 0 &&
      violations.every(
        (violation) =>
          isObject(violation) &&
          typeof (violation.field ?? '') === 'string' &&
          typeof violation.description === 'string' &&
          violation.description !== '',
      );
    if (!listed)
      problems.push('INVALID_ARGUMENT without a google.rpc.BadRequest naming the fields');
  }
  return problems;
}

/** The ErrorDetail's id, when there is one. */
export function errorId(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  const detail = details.find((item) => isObject(item) && item['@type'] === ERROR_DETAIL) as
    { id?: unknown } | undefined;
  return typeof detail?.id === 'string' ? detail.id : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** gRPC-web frames (flag, payload), or undefined when the bytes are not whole frames. */
export function readFrames(bytes: Buffer): { flag: number; payload: Buffer }[] | undefined {
  const frames: { flag: number; payload: Buffer }[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 5 > bytes.length) return undefined;
    const length = bytes.readUInt32BE(at + 1);
    if (at + 5 + length > bytes.length) return undefined;
    frames.push({ flag: bytes[at]!, payload: bytes.subarray(at + 5, at + 5 + length) });
    at += 5 + length;
  }
  return frames;
}

/** The trailers frame's `name:value` lines. */
export function parseTrailers(payload: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of payload.toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}
