import { expect } from 'chai';
import { OpenApiContract } from './openapi-contract.js';
import { rawCall } from './raw-call.js';
import { buildMember, buildOwner, type BuiltMember } from './factories.js';
import type { LimitedService } from './limited-service.js';
import { TestService, type ApiResponse, type CallOptions } from './test-service.js';

/** The body limit of the services these checks run on: 413 is one byte of JSON past it. */
export const BODY_LIMIT = 4096;
const oversized = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });

/** One call of an operation: its method, its path, and the body that makes it succeed. */
export type Call = [method: string, path: string, body?: unknown];

/** What the checks run against, once the suite's hooks have made it. */
export interface Answering {
  service: TestService;
  contract: OpenApiContract;
  /** The usual caller: an owner of the organization the calls act in. */
  owner: { token: string };
}

/**
 * A running service for a suite's checks (its body limit BODY_LIMIT), an owner of an organization
 * of it and the document it serves: made in the enclosing suite's `before` hook, closed in its
 * `after`; the object returned holds them once the hook has run.
 */
export function answeringService(): Answering & { owner: BuiltMember } {
  const answering = {} as Answering & { owner: BuiltMember };
  before(async () => {
    answering.service = await TestService.start({ REQUEST_BODY_LIMIT: String(BODY_LIMIT) });
    answering.owner = await buildOwner(answering.service);
    const served = await answering.service.call('GET', '/openapi.json');
    answering.contract = new OpenApiContract(served.body);
  });
  after(() => answering.service?.close());
  return answering;
}

/**
 * Checks of an operation's real REST responses against the document the service serves, for the
 * openapi-responses suites: `conforms` holds one response to it, `answers` sends a call that
 * succeeds and then each way the pipeline refuses it.
 */
export function documentedAnswers(context: () => Answering) {
  function conforms([method, path]: Call, response: ApiResponse, status: number): void {
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).to.equal(status);
    expect(context().contract.check(method, path, response)).to.deep.equal([]);
  }

  const call = ([method, path, body]: Call, options: CallOptions = {}) =>
    context().service.call(method, path, { token: context().owner.token, body, ...options });

  /** Runs `action` while a trigger refuses to record events of `type`. */
  async function withoutEvents<T>(type: string, action: () => Promise<T>): Promise<T> {
    const { dataSource } = context().service;
    await dataSource.query(
      `CREATE TRIGGER refuse_events BEFORE INSERT ON events FOR EACH ROW
       IF NEW.type = '${type}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF`,
    );
    try {
      return await action();
    } finally {
      await dataSource.query('DROP TRIGGER refuse_events');
    }
  }

  /**
   * 500 for `ok` while `eventType` cannot be recorded (nothing stays), or while `broken` runs it
   * (a read records no event), then 200; then 400, 401, 403, 413 and 415 of the same call. The
   * calls that succeed act on `orgId` when given.
   */
  async function answers(
    ok: Call,
    eventType: string | ((action: () => Promise<ApiResponse>) => Promise<ApiResponse>),
    {
      token = context().owner.token,
      forbidden,
      orgId,
    }: { token?: string; forbidden?: { token: string }; orgId?: string } = {},
  ): Promise<ApiResponse> {
    const { service } = context();
    const broken =
      typeof eventType === 'string'
        ? (action: () => Promise<ApiResponse>) => withoutEvents(eventType, action)
        : eventType;
    conforms(ok, await broken(() => call(ok, { token, orgId })), 500);
    const [method, path] = ok;
    // A change that takes If-Match: a state it is not in is refused, and nothing is stored.
    const template = context().contract.template(method, path);
    if (context().contract.declared().includes(`${method} ${template} 412`))
      // A tag no state has: 1, the first event's position, may be a fresh database's org's.
      conforms(ok, await call(ok, { token, orgId, headers: { 'if-match': '"-1"' } }), 412);
    const succeeded = await call(ok, { token, orgId });
    conforms(ok, succeeded, 200);
    await refusals(ok, token);
    const elsewhere = forbidden ?? { token, orgId: (await buildOwner(service)).orgId };
    conforms(ok, await call(ok, elsewhere), 403);
    return succeeded;
  }

  /**
   * The pipeline's refusals of a call, as `token`: 400 for a body that is no JSON, 401 without a
   * token, 413 past the body limit, 415 for an encoding it does not take.
   */
  async function refusals([method, path]: Call, token = context().owner.token): Promise<void> {
    const raw = (body: string, headers: Record<string, string> = {}, as = token) =>
      rawCall(`${context().service.api.url}${path}`, method, body, as, headers);
    conforms([method, path], await raw('{'), 400);
    conforms([method, path], await raw('{}', {}, ''), 401);
    conforms([method, path], await raw(oversized), 413);
    conforms([method, path], await raw('{}', { 'content-encoding': 'compress' }), 415);
  }

  /**
   * 429 for each call sent twice by a caller of its own (`tokenOf` its path), the rate limit being
   * one call; then 503 for each, as `token`, once `cut` has made the database unreachable.
   */
  async function limitedAnswers(
    service: TestService,
    calls: () => Promise<Call[]>,
    tokenOf: (path: string) => Promise<string>,
    cut: () => Promise<void>,
  ): Promise<void> {
    for (const [method, path, body] of await calls()) {
      const token = await tokenOf(path);
      await service.call(method, path, { token, body });
      conforms([method, path], await service.call(method, path, { token, body }), 429);
    }
    const token = await tokenOf('');
    const offline = await calls();
    await cut();
    for (const [method, path, body] of offline)
      conforms([method, path], await service.call(method, path, { token, body }), 503);
  }

  /**
   * The 429 and 503 of each call `calls` makes in the limited service's organization (from a row
   * `setUp` makes there), as an owner of it: a test of the enclosing suite.
   */
  function answersWhenLimited<Row>(
    limited: LimitedService,
    setUp: (orgId: string) => Promise<Row>,
    calls: (row: Row) => Call[],
  ): void {
    const ownerToken = async () =>
      (await buildMember(limited.service, { orgId: limited.orgId, roles: ['ORG_OWNER'] })).token;
    it('answers 429 past the limit, and 503 while the database is unreachable', async () => {
      const row = await setUp(limited.orgId);
      await limitedAnswers(
        limited.service,
        () => Promise.resolve(calls(row)),
        ownerToken,
        () => limited.proxy.cut(),
      );
    });
  }

  /** Runs a read while the table it reads is gone (renamed): an unexpected failure, 500. */
  const withoutTable = (table: string) => async (action: () => Promise<ApiResponse>) => {
    const { dataSource } = context().service;
    await dataSource.query(`RENAME TABLE ${table} TO ${table}_away`);
    try {
      return await action();
    } finally {
      await dataSource.query(`RENAME TABLE ${table}_away TO ${table}`);
    }
  };

  /** The responses the document declares at the paths `paths` matches that no check has seen. */
  const unseen = (paths: RegExp): string[] =>
    context()
      .contract.declared()
      .filter((response) => paths.test(response))
      .filter((response) => !context().contract.checked.has(response));

  return {
    conforms,
    call,
    answers,
    refusals,
    limitedAnswers,
    answersWhenLimited,
    unseen,
    withoutTable,
    withoutEvents,
  };
}
