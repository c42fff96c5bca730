import * as grpc from '@grpc/grpc-js';
import type { IncomingHttpHeaders } from 'node:http';
import { loadProtoRoot, LOADER_OPTIONS } from '../../services/api/transports/grpc/proto-files.js';
import { decodeStatusDetails } from '../support/grpc-client.js';
import { protoMethodAt } from './call-encodings.js';
import type { Answer } from './fuzz-client.js';
import type { FuzzRequest } from './fuzz-request.js';
import {
  detailsProblems,
  errorId,
  jsonErrorProblems,
  parseTrailers,
  readFrames,
} from './error-shape.js';

/** What must hold for every request, whatever it is. */
export const PROPERTIES = {
  'no-server-error': 'no HTTP 5xx, no gRPC INTERNAL, UNKNOWN or UNAVAILABLE',
  'error-shape': 'every error in the documented shape',
  'answers-in-time': 'an answer within 5 s',
  'no-crash': 'the service stays up and answers on the connection',
  'over-limit-refused': 'a body or message over REQUEST_BODY_LIMIT is refused, never served',
  'nothing-stored': 'nothing stored from a refused request',
  'still-answers': 'after each batch a valid import succeeds on every transport',
} as const;
export type Property = keyof typeof PROPERTIES;

export interface Violation {
  property: Property;
  reason: string;
}

/** What one answer says about the properties. */
export interface Verdict {
  /** The answer in a few words, counted in the figures: `json HTTP 400 REQUEST-INVALID`. */
  observed: string;
  violations: Violation[];
  /** An accepted write: what it may have stored (its users, and its last event's position). */
  accepted?: { userIds?: string[]; sequence?: string };
  /** An HTTP status of 500 or more. */
  serverError: boolean;
  /** gRPC INTERNAL or UNKNOWN (over gRPC or in gRPC-web trailers). */
  internal: boolean;
  /** No answer came (a hang, a dropped connection): the call may or may not have been served. */
  unanswered?: boolean;
  /** A success: HTTP 2xx, gRPC OK. */
  served?: boolean;
}

const SERVER_FAILURES = [
  grpc.status.UNKNOWN,
  grpc.status.INTERNAL,
  grpc.status.UNAVAILABLE,
  grpc.status.DATA_LOSS,
];
const statusType = loadProtoRoot().lookupType('google.rpc.Status');

/**
 * What the answer to `request` says about the properties. `bodyLimit` is the service's
 * REQUEST_BODY_LIMIT: a request whose body (JSON, gRPC-web, as sent) or message (gRPC) is longer
 * must not be served.
 */
export function judge(request: FuzzRequest, answer: Answer, bodyLimit = Infinity): Verdict {
  const verdict = judgeAnswer(request, answer);
  const size = request.transport === 'grpc' ? request.message.length : request.body.length;
  if (verdict.served && size > bodyLimit) {
    verdict.violations.push({
      property: 'over-limit-refused',
      reason: `${size} bytes over a limit of ${bodyLimit} served`,
    });
  }
  return verdict;
}

function judgeAnswer(request: FuzzRequest, answer: Answer): Verdict {
  const on = (observed: string, violations: Violation[] = []): Verdict => ({
    observed: `${request.transport} ${observed}`,
    violations,
    serverError: false,
    internal: false,
  });
  switch (answer.kind) {
    case 'hang':
      return {
        ...on('hang', [{ property: 'answers-in-time', reason: 'no answer within 5 s' }]),
        unanswered: true,
      };
    case 'dropped':
      return {
        ...on(`dropped ${answer.error}`, [
          { property: 'no-crash', reason: `no answer: ${answer.error}` },
        ]),
        unanswered: true,
      };
    case 'unsendable':
      return on(`unsendable: ${answer.error.split('\n')[0]!.slice(0, 80)}`);
    case 'grpc':
      return judgeGrpcStatus(
        request,
        answer.code,
        answer.message,
        answer.statusDetails,
        answer.response,
        on,
      );
    case 'http': {
      const type = String(answer.headers['content-type'] ?? '');
      if (/^application\/grpc-web/i.test(type)) return judgeGrpcWeb(request, answer, on);
      if (/^text\/html/i.test(type) && request.kind.startsWith('sign-in-form:'))
        return judgePage(answer, on);
      return judgeJson(request, answer, on);
    }
  }
}

type On = (observed: string, violations?: Violation[]) => Verdict;

/** What a sign-in page may answer: its page, a refusal, a link gone, a form over its limit. */
const PAGE_STATUSES = new Set([200, 303, 400, 403, 410, 413, 429]);

/** A sign-in page's answer: a whole page in a language of ours, with a status a page has. */
function judgePage(answer: { status: number; body: Buffer }, on: On): Verdict {
  const { status } = answer;
  const page = answer.body.toString('utf8');
  const violations: Violation[] = [];
  if (status >= 500) violations.push({ property: 'no-server-error', reason: `HTTP ${status}` });
  else if (!PAGE_STATUSES.has(status))
    violations.push({ property: 'error-shape', reason: `a page with HTTP ${status}` });
  if (!/^<!doctype html>\s*<html lang="(en|de)">/i.test(page))
    violations.push({ property: 'error-shape', reason: 'an HTML answer that is no whole page' });
  const verdict = { ...on(`HTTP ${status} page`, violations), served: status < 300 };
  verdict.serverError = status >= 500;
  return verdict;
}

function judgeJson(
  request: FuzzRequest,
  answer: { status: number; body: Buffer },
  on: On,
): Verdict {
  const { status } = answer;
  const body = parseJson(answer.body);
  const serverError =
    status >= 500 ? [{ property: 'no-server-error' as const, reason: `HTTP ${status}` }] : [];
  if (status < 400) {
    const details = (body as { details?: { sequence?: unknown } } | undefined)?.details;
    // An OPTIONS answer (the router's list of methods) serves no operation.
    const served = status < 300 && !(request.transport !== 'grpc' && request.method === 'OPTIONS');
    const verdict = { ...on(`HTTP ${status}`), served };
    if (status < 300 && typeof details?.sequence === 'string') {
      verdict.accepted = { userIds: madeUsers(body as Made), sequence: details.sequence };
    }
    return verdict;
  }
  // A HEAD answer has no body to check.
  const problems =
    request.transport !== 'grpc' && request.method === 'HEAD'
      ? []
      : jsonErrorProblems(status, body);
  const id = errorId((body as { details?: unknown } | undefined)?.details);
  const verdict = on(`HTTP ${status} ${id ?? '(no error id)'}`, [
    ...serverError,
    ...problems.map((reason) => ({ property: 'error-shape' as const, reason })),
  ]);
  verdict.serverError = status >= 500;
  return verdict;
}

function judgeGrpcStatus(
  request: FuzzRequest,
  code: number,
  message: string,
  statusDetails: Buffer | undefined,
  response: Buffer | undefined,
  on: On,
): Verdict {
  const name = grpc.status[code] ?? String(code);
  if (code === grpc.status.OK) {
    const verdict = { ...on('OK'), served: true };
    verdict.accepted = acceptedFrom(request.path, response);
    return verdict;
  }
  const violations: Violation[] = [];
  if (SERVER_FAILURES.includes(code))
    violations.push({ property: 'no-server-error', reason: name });
  let id: string | undefined;
  if (!statusDetails) {
    if (!answeredByGrpcJs(code, message)) {
      violations.push({
        property: 'error-shape',
        reason: `${name} without grpc-status-details-bin`,
      });
    }
  } else {
    try {
      const status = statusType.toObject(statusType.decode(statusDetails)) as {
        code?: number;
        message?: string;
      };
      const details = decodeStatusDetails(statusDetails);
      id = errorId(details);
      const problems = detailsProblems(code, message, details);
      if ((status.code ?? 0) !== code)
        problems.push(`google.rpc.Status code ${status.code} under ${name}`);
      if ((status.message ?? '') !== message)
        problems.push('google.rpc.Status message differs from the status message');
      violations.push(...problems.map((reason) => ({ property: 'error-shape' as const, reason })));
    } catch (error) {
      violations.push({
        property: 'error-shape',
        reason: `undecodable grpc-status-details-bin: ${String(error)}`,
      });
    }
  }
  const verdict = on(`${name} ${id ?? '(no error id)'}`, violations);
  verdict.internal = code === grpc.status.INTERNAL || code === grpc.status.UNKNOWN;
  return verdict;
}

/**
 * What grpc-js answers before any handler, as the gRPC spec has it, with its own message and no
 * details (README.md, Errors): a method that is not served at all (UNIMPLEMENTED; gRPC-web, which
 * we serve ourselves, answers METHOD-NOT-FOUND with details), and a message over the read cap,
 * refused from its frame header so that it is never buffered (RESOURCE_EXHAUSTED; one over
 * REQUEST_BODY_LIMIT but under the cap gets REQUEST-TOO-LARGE with details).
 */
function answeredByGrpcJs(code: number, message: string): boolean {
  return (
    (code === grpc.status.UNIMPLEMENTED &&
      message.startsWith('The server does not implement the method ')) ||
    (code === grpc.status.RESOURCE_EXHAUSTED &&
      message.startsWith('Received message larger than max '))
  );
}

/** gRPC-web: a 200 whose body holds at most one data frame and then the trailers. */
function judgeGrpcWeb(
  request: FuzzRequest,
  answer: { status: number; headers: IncomingHttpHeaders; body: Buffer },
  on: On,
): Verdict {
  const text = /^application\/grpc-web-text/i.test(String(answer.headers['content-type']));
  const bytes = text ? Buffer.from(answer.body.toString('latin1'), 'base64') : answer.body;
  const frames = readFrames(bytes);
  const trailers = frames?.find((frame) => frame.flag & 0x80);
  const data = frames?.find((frame) => !(frame.flag & 0x80));
  const fields = trailers ? parseTrailers(trailers.payload) : {};
  const status = fields['grpc-status'] ?? answer.headers['grpc-status'];
  if (answer.status !== 200 || !frames || status === undefined || !/^\d+$/.test(String(status))) {
    const verdict = on(`HTTP ${answer.status} unframed`, [
      {
        property: 'error-shape',
        reason: `gRPC-web answer (HTTP ${answer.status}) without frames and a grpc-status`,
      },
      ...(answer.status >= 500
        ? [{ property: 'no-server-error' as const, reason: `HTTP ${answer.status}` }]
        : []),
    ]);
    verdict.serverError = answer.status >= 500;
    return verdict;
  }
  const message = safeDecodeURIComponent(fields['grpc-message'] ?? '');
  const details = fields['grpc-status-details-bin'];
  return judgeGrpcStatus(
    request,
    Number(status),
    message,
    details === undefined ? undefined : Buffer.from(details, 'base64'),
    data?.payload,
    on,
  );
}

/** What an answer says of the users it made: alone, or a batch's results. */
interface Made {
  userId?: string;
  alreadyExisted?: boolean;
  results?: { userId?: string; alreadyExisted?: boolean }[];
}

/** The users an accepted call made: none where an externalId found one imported before. */
const madeUsers = ({ results = [], ...alone }: Made) =>
  [alone, ...results].flatMap((made) => (made.userId && !made.alreadyExisted ? [made.userId] : []));

/** An accepted call's user and sequence, from its response message. */
function acceptedFrom(path: string, response: Buffer | undefined): Verdict['accepted'] {
  const method = protoMethodAt(path.split('?')[0]!);
  if (!method || !response) return {};
  try {
    const message = method.responseType.toObject(
      method.responseType.decode(response),
      LOADER_OPTIONS,
    ) as Made & { details?: { sequence?: string } };
    return { userIds: madeUsers(message), sequence: message.details?.sequence };
  } catch {
    return {};
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function safeDecodeURIComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
