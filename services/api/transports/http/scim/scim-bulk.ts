import { asServiceError } from '../../../../../shared/errors/as-service-error.js';
import type { Logger } from '../../../../../shared/logging/logger.js';
import {
  BULK_RESPONSE,
  bulkRequestOf,
  resolved,
  type BulkOperation,
  type BulkResult,
} from '../../../scim/scim-bulk-requests.js';
import { ScimError, scimErrorBody, scimErrorOf } from '../../../scim/scim-errors.js';
import type { ScimAnswer, ScimCalls, ScimEndpoint, ScimRequest } from './scim-exchange.js';
import type { scimGroupEndpoints } from './scim-group-endpoints.js';
import { createUsers } from './scim-user-batch.js';
import type { scimUserEndpoints } from './scim-user-endpoints.js';

type UserEndpoints = ReturnType<typeof scimUserEndpoints>;
type GroupEndpoints = ReturnType<typeof scimGroupEndpoints>;

/**
 * `POST /Bulk` (RFC 7644 §3.7): each operation dispatched to the endpoint its route serves, with
 * the caller's credentials and organization, so it is the same commands, events and permissions
 * as alone. Operations run in the order given, except that one naming a `bulkId:` that a later
 * operation makes waits for it; what still waits when nothing else can run refers in a circle
 * (409). Without `failOnErrors`, a run of consecutive `POST /Users` is written in one
 * transaction (scim-user-batch.ts); every other operation is its own command(s), committed
 * before the next runs, as the commands take their locks and commit alone.
 */
export function scimBulkEndpoint(
  calls: ScimCalls,
  users: UserEndpoints,
  groups: GroupEndpoints | undefined,
  logger: Logger,
): ScimEndpoint {
  const failureOf = (error: unknown): ScimError =>
    error instanceof ScimError ? error : scimErrorOf(asServiceError(error, logger));

  return async (request: ScimRequest): Promise<ScimAnswer> => {
    const bulk = bulkRequestOf(request.body);
    const results: (BulkResult | undefined)[] = bulk.operations.map(() => undefined);
    /** The ids the POSTs made, by bulkId; a failed POST's bulkId maps to undefined. */
    const made = new Map<string, string | undefined>();
    const ids = () =>
      new Map([...made].filter((entry): entry is [string, string] => entry[1] !== undefined));
    let errors = 0;
    let answered = 0;
    const record = (index: number, outcome: ScimAnswer | ScimError) => {
      const operation = bulk.operations[index]!;
      // A caller the first operation does not authenticate is refused as a whole.
      if (outcome instanceof ScimError && outcome.status === 401 && answered === 0) throw outcome;
      answered += 1;
      results[index] = resultOf(operation, outcome);
      if (outcome instanceof ScimError) errors += 1;
      if (operation.method === 'POST' && operation.bulkId !== undefined)
        made.set(
          operation.bulkId,
          outcome instanceof ScimError ? undefined : (outcome.body?.id as string),
        );
    };
    const stopped = () => bulk.failOnErrors !== undefined && errors >= bulk.failOnErrors;
    const bulkIds = new Set(bulk.operations.flatMap((op) => (op.bulkId ? [op.bulkId] : [])));

    /** What an operation waits for: undefined when it can run, or why it never can. */
    const blocked = (operation: BulkOperation): 'waits' | ScimError | undefined => {
      for (const reference of operation.references) {
        if (!bulkIds.has(reference))
          return new ScimError(400, `bulkId:${reference} names no operation`, 'invalidValue');
        if (!made.has(reference)) return 'waits';
        if (made.get(reference) === undefined)
          return new ScimError(409, `the operation bulkId:${reference} failed`);
      }
      return undefined;
    };

    let pending = bulk.operations.map((_, index) => index);
    while (pending.length > 0 && !stopped()) {
      const waiting: number[] = [];
      for (let at = 0; at < pending.length && !stopped(); at += 1) {
        const index = pending[at]!;
        const operation = bulk.operations[index]!;
        const reason = blocked(operation);
        if (reason === 'waits') {
          waiting.push(index);
          continue;
        }
        if (reason) {
          record(index, reason);
          continue;
        }
        const run = bulk.failOnErrors === undefined ? userCreates(pending, at) : [];
        if (run.length > 1) {
          const outcomes = await createUsers(
            calls,
            request,
            run.map((i) => bulk.operations[i]!.data),
            (body) => users.create({ ...request, params: {}, query: {}, body }),
          ).catch((error: unknown) => run.map(() => failureOf(error)));
          run.forEach((i, n) => record(i, outcomes[n]!));
          at += run.length - 1;
          continue;
        }
        record(index, await dispatch(request, operation, ids()).catch(failureOf));
      }
      if (waiting.length === pending.length) {
        for (const index of waiting)
          record(index, new ScimError(409, 'the operation refers to others in a circle'));
        break;
      }
      pending = waiting;
    }
    return {
      status: 200,
      body: { schemas: [BULK_RESPONSE], Operations: results.filter((result) => result) },
    };

    /** The POST /Users operations from `pending[at]` on that can run now, without references. */
    function userCreates(queue: number[], at: number): number[] {
      const run: number[] = [];
      for (let next = at; next < queue.length; next += 1) {
        const operation = bulk.operations[queue[next]!]!;
        if (operation.method !== 'POST' || !/^\/users\/?$/i.test(operation.path)) break;
        if (operation.references.length > 0) break;
        run.push(queue[next]!);
      }
      return run;
    }
  };

  /** The endpoint a route serves for a method and path, or undefined. */
  function endpointOf(method: string, type: string, withId: boolean): ScimEndpoint | undefined {
    const resources: Record<string, UserEndpoints | GroupEndpoints | undefined> = {
      users,
      groups,
    };
    const endpoints = resources[type];
    if (!endpoints) return undefined;
    if (!withId) return method === 'POST' ? endpoints.create : undefined;
    return { PUT: endpoints.replace, PATCH: endpoints.patch, DELETE: endpoints.remove }[method];
  }

  /** The operation's answer from the endpoint its route serves, with the caller's request. */
  async function dispatch(
    request: ScimRequest,
    operation: BulkOperation,
    ids: Map<string, string>,
  ): Promise<ScimAnswer> {
    const [, type = '', rawId, ...rest] = operation.path.split('/');
    const id = rawId === undefined ? undefined : resolved(decoded(rawId), ids);
    const endpoint = endpointOf(operation.method, type.toLowerCase(), id !== undefined);
    if (!endpoint || rest.length > 0 || id === '')
      throw new ScimError(404, `no ${operation.method} of ${operation.path} here`, 'invalidPath');
    return endpoint({
      ...request,
      params: { ...request.params, ...(id !== undefined && { id }) },
      query: {},
      body: resolved(operation.data, ids),
      ifMatch: operation.version,
    });
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ScimError(400, 'the path is not a well-formed URL path', 'invalidPath');
  }
}

/** An operation's outcome as a BulkResponse holds it: its location and version, or its error. */
function resultOf(operation: BulkOperation, outcome: ScimAnswer | ScimError): BulkResult {
  const head = {
    method: operation.method,
    ...(operation.bulkId !== undefined && { bulkId: operation.bulkId }),
  };
  if (outcome instanceof ScimError)
    return { ...head, status: String(outcome.status), response: scimErrorBody(outcome) };
  const meta = outcome.body?.meta as { location?: string; version?: string } | undefined;
  const location = outcome.headers?.location ?? meta?.location;
  const version = outcome.headers?.etag ?? meta?.version;
  return {
    ...head,
    ...(version !== undefined && { version }),
    ...(location !== undefined && { location }),
    status: String(outcome.status),
  };
}
