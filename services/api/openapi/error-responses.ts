import { honorsIfMatch } from '../operations/if-match.js';
import {
  internal,
  invalidArgument,
  notAPerson,
  permissionDenied,
  rateLimited,
  requestTooLarge,
  ServiceError,
  unauthenticated,
  unavailable,
} from '../../../shared/errors/service-error.js';
import type { Operation } from '../operations/operation.js';
import { errorBody, httpStatusOf } from '../transports/http/json-errors.js';
import { unsupportedMediaType } from '../transports/http/unreadable-request.js';
import type { JsonSchema } from './proto-json-schema.js';

/** An error the service may answer, with when, for the operations it applies to. */
interface DocumentedError {
  /** One example: its code and id decide the status, its body is the document's example. */
  error: ServiceError;
  /** When it is answered, for readers of the document; the error's message when absent. */
  when?: string;
  appliesTo?: (operation: Operation) => boolean;
}

/**
 * What any operation may answer before or around its handler: the transport's body parsing
 * (whatever the method, so a GET with a body that is not JSON too), the pipeline's steps and the
 * database. A new condition there is one more entry; an operation's own are in its descriptor.
 */
const PIPELINE_ERRORS: readonly DocumentedError[] = [
  {
    error: invalidArgument([{ field: 'firstName', description: 'must not be empty' }]),
    when: 'the body is not a JSON object, or the request violates its schema; every violated field is in the google.rpc.BadRequest detail',
  },
  {
    error: unauthenticated(),
    when: 'no bearer token, or one that is not valid (signature, issuer, audience, expiry), or whose user is not active',
  },
  {
    error: permissionDenied(),
    when: "the caller holds no role with the operation's permission in the target organization, or there is no such organization",
    appliesTo: (operation) => operation.permission !== 'authenticated',
  },
  {
    error: notAPerson(),
    when: "the caller is a machine user: the operations of a person's own account have nothing to act on",
    appliesTo: (operation) => operation.permission === 'authenticated',
  },
  { error: requestTooLarge(), when: 'the body is larger than REQUEST_BODY_LIMIT' },
  {
    error: unsupportedMediaType(
      'the request body is in a Content-Encoding this service does not read: send it as is, or with gzip, deflate or br',
    ),
    when: 'the body is in a Content-Encoding other than gzip, deflate or br (or identity), or a charset other than UTF-8',
  },
  {
    error: rateLimited(1),
    when: 'the caller made more than RATE_LIMIT_REQUESTS calls in RATE_LIMIT_WINDOW_SECONDS; Retry-After and google.rpc.RetryInfo say when to try again',
  },
  {
    error: new ServiceError('RESOURCE-CHANGED'),
    when: 'If-Match named a state the resource is no longer in; nothing was stored',
    appliesTo: (operation) => honorsIfMatch(operation.handle),
  },
  {
    error: new ServiceError('READ-MODEL-BEHIND'),
    when: 'x-identity-after-sequence named a write the read model had not reduced within 5 s',
    appliesTo: (operation) => operation.reads !== undefined,
  },
  { error: internal(), when: 'anything unexpected; the message says nothing more' },
  { error: unavailable(), when: 'the database is unreachable' },
];

/** Every response carries the request's id. */
export const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };

/** `#/components/headers`: what the responses' headers refer to. */
export const RESPONSE_HEADERS = {
  RequestId: {
    description:
      "The request's id: the caller's `x-request-id` when plausible, a new UUID otherwise. Every log line of the call carries it.",
    schema: { type: 'string' },
  },
  ETag: {
    description:
      "The state answered: the sequence of the last event that changed it (the project's for its parts, the user's for a grant), for `If-Match`.",
    schema: { type: 'string', example: '"4711"' },
  },
  RetryAfter: {
    description: 'Seconds until the caller may call again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

/**
 * The error responses of `operation` by HTTP status, each a reference into `shared` (the
 * document's `components/responses`), where a response made of the same errors is kept once: the
 * body is the error shape (`errorSchema`, google.rpc.Status in its JSON mapping) with an example
 * per error id, as json-errors.ts writes it.
 */
export function errorResponses(
  operation: Operation,
  errorSchema: JsonSchema,
  shared: Record<string, object>,
): Record<string, object> {
  const errors: DocumentedError[] = [
    ...PIPELINE_ERRORS.filter(({ appliesTo }) => appliesTo?.(operation) ?? true),
    ...(operation.errors ?? []).map((error) => ({ error })),
  ];
  const byStatus = new Map<number, DocumentedError[]>();
  for (const documented of errors) {
    const status = httpStatusOf(documented.error);
    byStatus.set(status, [...(byStatus.get(status) ?? []), documented]);
  }
  const responses: Record<string, object> = {};
  for (const [status, documented] of [...byStatus].sort(([a], [b]) => a - b)) {
    const name = documented.map(({ error }) => error.id).join('_');
    const response = errorResponse(documented, errorSchema);
    if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(response))
      throw new Error(`two different responses named ${name}`);
    shared[name] = response;
    responses[String(status)] = { $ref: `#/components/responses/${name}` };
  }
  return responses;
}

function errorResponse(documented: DocumentedError[], errorSchema: JsonSchema): object {
  return {
    description: documented
      .map(({ error, when }) => `\`${error.id}\`: ${when ?? error.message}.`)
      .join('\n\n'),
    headers: {
      'x-request-id': REQUEST_ID_HEADER,
      ...(documented.some(({ error }) => error.retryAfterSeconds !== undefined) && {
        'Retry-After': { $ref: '#/components/headers/RetryAfter' },
      }),
    },
    content: {
      'application/json': {
        schema: errorSchema,
        examples: Object.fromEntries(
          documented.map(({ error }) => [error.id, { value: errorBody(error) }]),
        ),
      },
    },
  };
}
