import { expect } from 'chai';
import type { GrpcOutcome } from '../support/grpc-client.js';
import { operations } from '../../services/api/operations/operations.js';
import { takesBody } from '../../services/api/operations/operation.js';
import { TestService } from '../support/test-service.js';
import { buildIdp, buildMember, buildOrg, buildOwner, buildProject } from '../support/factories.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { CASES, type Fixtures, type Operation, type Outcome } from '../support/transport-cases.js';
import { TAKEN_MACHINE_NAME } from '../support/machine-user-transport-cases.js';
import { TAKEN_EXTERNAL_ID } from '../support/user-lifecycle-transport-cases.js';
import { addPersonalAccessToken, buildMachine } from '../support/machine-users.js';
import { buildProvider } from '../support/login-policy-providers.js';

/** The operation's descriptor: its REST route and gRPC service, as the transports serve it. */
const descriptorOf = (operation: Operation) =>
  operations.find((candidate) => candidate.name === operation)!;

/** The gRPC service and method of the operation. */
const grpcOf = (operation: Operation) => {
  const { service, method } = descriptorOf(operation).grpc;
  return [service, method] as const;
};

/** The REST call of a request: its path fields into the route, the rest as the body. */
function httpCall(operation: Operation, request: Record<string, unknown>) {
  const descriptor = descriptorOf(operation);
  const body = { ...request };
  const path = descriptor.http.path.replace(/:(\w+)/g, (_, field: string) => {
    delete body[field];
    return encodeURIComponent(String(request[field]));
  });
  return { method: descriptor.http.method, path, body: takesBody(descriptor) ? body : undefined };
}

const HTTP_TO_CODE: Record<number, number> = { 200: 0 };
function shapeOf(value: Record<string, unknown>): string[] {
  return Object.entries(value)
    .flatMap(([key, inner]) => [
      key,
      ...(key === 'details' ? Object.keys(inner as object).map((k) => `details.${k}`) : []),
    ])
    .sort();
}
function outcomeOf(code: number, body: { details?: Record<string, any>[] }): Outcome {
  if (code === 0) return { code };
  const detail = (type: string) =>
    body.details?.find((entry) => entry['@type'] === `type.googleapis.com/${type}`);
  const violations: { field: string; description: string }[] | undefined =
    detail('google.rpc.BadRequest')?.fieldViolations;
  return {
    code,
    errorId: detail('identity.v1.ErrorDetail')?.id,
    fields: violations?.map((violation) => violation.field).sort(),
    said: {
      message: detail('identity.v1.ErrorDetail')?.message,
      violations: violations?.map(({ field, description }) => ({ field, description })),
    },
  };
}

const TRANSPORTS: Record<
  string,
  (
    service: TestService,
    operation: Operation,
    request: Record<string, unknown>,
    caller: { token?: string; orgId?: string },
  ) => Promise<Outcome & { raw: unknown }>
> = {
  JSON: async (service, operation, request, caller) => {
    const { method, path, body } = httpCall(operation, request);
    const response = await service.call(method, path, { ...caller, body });
    return {
      ...outcomeOf(response.body.code ?? HTTP_TO_CODE[response.status] ?? -1, response.body),
      raw: response.body,
    };
  },
  gRPC: async (service, operation, request, caller) =>
    grpcOutcome(await service.grpc(...grpcOf(operation), request, caller)),
  'gRPC-web': async (service, operation, request, caller) =>
    grpcOutcome(await service.grpcWeb(...grpcOf(operation), request, caller)),
  'gRPC-web-text': async (service, operation, request, caller) =>
    grpcOutcome(
      await service.grpcWeb(...grpcOf(operation), request, {
        ...caller,
        format: 'text',
      }),
    ),
};

function grpcOutcome(outcome: GrpcOutcome): Outcome & { raw: unknown } {
  return {
    ...outcomeOf(
      outcome.code,
      outcome.code === 0 ? outcome.response : { details: outcome.details },
    ),
    raw: outcome,
  };
}

describeOnEachDatabase('the same requests over every transport', (service) => {
  const fixtures = new Map<string, Fixtures>();

  before(async () => {
    const other = await buildOwner(service);
    const admin = await buildMember(service, { roles: ['IAM_OWNER'] });
    for (const transport of Object.keys(TRANSPORTS)) {
      const owner = await buildOwner(service);
      const profile = { firstName: 'T', lastName: 'F' };
      const email = { email: 't@example.com' };
      const holder = { userName: `external-${transport}`, externalId: TAKEN_EXTERNAL_ID };
      await service.importUser({ ...holder, profile, email }, { token: owner.token });
      fixtures.set(transport, {
        owner,
        other,
        projectId: (await buildProject(service, { orgId: owner.orgId })).projectId,
        idpId: (await buildIdp(service, { orgId: owner.orgId })).idpId,
        prefix: transport.toLowerCase().replace(/[^a-z]/g, ''),
        machineUserId: (await buildMachine(service, { owner })).userId,
        humanUserId: (await buildMember(service, { orgId: owner.orgId })).userId,
        spareProjectId: (await buildProject(service, { orgId: owner.orgId })).projectId,
        spareOrgId: (await buildOrg(service)).orgId,
        machineToken: (
          await addPersonalAccessToken(service, await buildMachine(service, { owner }))
        ).token,
        admin,
        instanceIdpId: await buildProvider(service, { orgId: admin.orgId, ownerType: 'instance' }),
      });
    }
    await service.importUser(
      {
        userName: 'taken-by-fixture',
        profile: { firstName: 'T', lastName: 'F' },
        email: { email: 't@example.com' },
      },
      { token: other.token },
    );
    const taken = { userName: TAKEN_MACHINE_NAME, name: 'Taken' };
    await service.call('POST', '/management/v1/users/machine', { token: other.token, body: taken });
  });

  for (const testCase of CASES) {
    for (const [transport, send] of Object.entries(TRANSPORTS)) {
      it(`${testCase.operation}: ${testCase.name} over ${transport} → ${testCase.expected.code}${testCase.expected.errorId ? ` ${testCase.expected.errorId}` : ''}`, async () => {
        const f = fixtures.get(transport)!;
        const caller = testCase.caller ? testCase.caller(f) : { token: f.owner.token };
        const { raw, ...outcome } = await send(
          service,
          testCase.operation,
          testCase.request(f),
          caller,
        );
        const expected = { ...testCase.expected };
        const actual: Outcome = {
          code: outcome.code,
          ...(outcome.errorId && { errorId: outcome.errorId }),
        };
        if (expected.fields) actual.fields = outcome.fields;
        if (expected.shape && outcome.code === 0)
          actual.shape = shapeOf(
            transport === 'JSON'
              ? (raw as Record<string, unknown>)
              : (raw as { response: Record<string, unknown> }).response,
          );
        if (expected.shape) expected.shape = [...expected.shape].sort();
        expect(actual, JSON.stringify(raw)).to.deep.equal(expected);
        if (outcome.code === 0 || transport === 'JSON') return;
        // What JSON says for the same request (each failing case fails again, changing nothing).
        const asCase = CASES.find((c) => c.name === (testCase.overProtoSaysAs ?? testCase.name))!;
        const overJson = await TRANSPORTS.JSON!(
          service,
          asCase.operation,
          asCase.request(f),
          asCase.caller ? asCase.caller(f) : { token: f.owner.token },
        );
        expect(outcome.said, 'message and violations as over JSON').to.deep.equal(overJson.said);
      });
    }
  }

  it('reports the same sequence for a no-op over both transports, and gRPC times are the JSON ones', async () => {
    const f = fixtures.get('gRPC')!;
    const { projectId } = await buildProject(service, { orgId: f.owner.orgId });
    const first = await service.grpc(
      descriptorOf('UpdateProject').grpc.service,
      'UpdateProject',
      { id: projectId, name: 'Stable' },
      { token: f.owner.token },
    );
    const json = await service.updateProject(
      projectId,
      { name: 'Stable' },
      { token: f.owner.token },
    );
    expect(first.code).to.equal(0);
    expect(json.status).to.equal(200);
    expect(first.response.details.sequence).to.equal(json.body.details.sequence);
    const { seconds, nanos } = first.response.details.changeDate;
    expect(new Date(Number(seconds) * 1000 + nanos / 1e6).toISOString()).to.equal(
      json.body.details.changeDate,
    );
  });
});
