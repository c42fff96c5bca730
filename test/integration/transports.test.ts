import { expect } from 'chai';
import type { GrpcOutcome } from '../support/grpc-client.js';
import { orgWithOwner, TestService } from '../support/test-service.js';
import { DATABASES } from '../support/databases.js';

/** One outcome, whatever the transport: the status code, the error id and the violated fields. */
interface Outcome {
  code: number;
  errorId?: string;
  fields?: string[];
  /** For a success: the response's top-level fields and details' fields. */
  shape?: string[];
  /** For a failure: its message and every violation, which must not depend on the transport. */
  said?: { message?: string; violations?: { field: string; description: string }[] };
}

interface Fixtures {
  owner: { orgId: string; userId: string; token: string };
  other: { orgId: string };
  projectId: string;
  idpId: string;
  prefix: string;
}

type Operation = 'ImportHumanUser' | 'UpdateMyProfile' | 'GetMyProfile' | 'UpdateProject';
interface Case {
  name: string;
  operation: Operation;
  request: (f: Fixtures) => Record<string, unknown>;
  caller?: (f: Fixtures) => { token?: string; orgId?: string };
  expected: Outcome;
}

const user = (f: Fixtures, name: string, extra: Record<string, unknown> = {}) => ({
  userName: `${f.prefix}-${name}`,
  profile: { firstName: 'Tess', lastName: 'Port' },
  email: { email: `${f.prefix}-${name}@example.com` },
  ...extra,
});

/** The same cases for every transport; each transport gets fresh fixtures of its own. */
const CASES: Case[] = [
  {
    name: 'a valid import',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'ok', { requestPasswordlessRegistration: true }),
    expected: {
      code: 0,
      shape: [
        'details',
        'passwordlessRegistration',
        'userId',
        'details.changeDate',
        'details.creationDate',
        'details.resourceOwner',
        'details.sequence',
      ],
    },
  },
  {
    name: 'an import violating several limits',
    operation: 'ImportHumanUser',
    request: (f) => ({
      ...user(f, 'bad'),
      profile: { firstName: 'x'.repeat(201), lastName: 'L', nickName: 'n'.repeat(201) },
      phone: { phone: '0791234567' },
    }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['phone.phone', 'profile.firstName', 'profile.nickName'],
    },
  },
  {
    name: 'password with hashedPassword',
    operation: 'ImportHumanUser',
    request: (f) =>
      user(f, 'both', {
        password: 'Sup3r-secret!',
        hashedPassword: { value: '$1$saltsalt$qjXMvbEw8oaL.CzflDtaK/' },
      }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['hashedPassword'] },
  },
  {
    name: 'a weak password',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'weak', { password: 'weak' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['password'] },
  },
  {
    name: 'an unknown identity provider',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'idp', { idps: [{ configId: 'nope', externalUserId: 'x' }] }),
    expected: { code: 9, errorId: 'IDP-CONFIG-NOT-FOUND' },
  },
  {
    name: 'a taken userName',
    operation: 'ImportHumanUser',
    request: (f) => ({ ...user(f, 'x'), userName: 'taken-by-fixture' }),
    expected: { code: 6, errorId: 'USER-ALREADY-EXISTS' },
  },
  {
    name: 'no credentials',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'anon'),
    caller: () => ({}),
    expected: { code: 16, errorId: 'AUTH-UNAUTHENTICATED' },
  },
  {
    name: 'another organization',
    operation: 'ImportHumanUser',
    request: (f) => user(f, 'elsewhere'),
    caller: (f) => ({ token: f.owner.token, orgId: f.other.orgId }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: 'a profile change',
    operation: 'UpdateMyProfile',
    request: () => ({
      firstName: 'New',
      lastName: 'Name',
      displayName: 'New Name',
      preferredLanguage: 'de-ch',
    }),
    expected: {
      code: 0,
      shape: ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'],
    },
  },
  {
    name: 'a profile without required fields',
    operation: 'UpdateMyProfile',
    request: () => ({ lastName: 'Only' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['displayName', 'firstName'] },
  },
  {
    name: 'a profile with an empty first name',
    operation: 'UpdateMyProfile',
    request: () => ({ firstName: '', lastName: 'Only', displayName: 'Only' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['firstName'] },
  },
  {
    name: 'a profile the worker has not read yet (no worker runs here)',
    operation: 'GetMyProfile',
    request: () => ({}),
    expected: { code: 5, errorId: 'PROFILE-NOT-FOUND' },
  },
  {
    name: 'a profile read without credentials',
    operation: 'GetMyProfile',
    request: () => ({}),
    caller: () => ({ token: 'not-a-jwt' }),
    expected: { code: 16, errorId: 'AUTH-UNAUTHENTICATED' },
  },
  {
    name: 'a project change',
    operation: 'UpdateProject',
    request: (f) => ({ id: f.projectId, name: 'Renamed', projectRoleCheck: true }),
    expected: {
      code: 0,
      shape: ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'],
    },
  },
  {
    name: 'a project of no organization of the caller',
    operation: 'UpdateProject',
    request: () => ({ id: 'missing', name: 'X' }),
    expected: { code: 5, errorId: 'PROJECT-NOT-FOUND' },
  },
];

const HTTP: Record<
  Operation,
  (request: Record<string, unknown>) => { method: string; path: string; body: unknown }
> = {
  ImportHumanUser: (request) => ({
    method: 'POST',
    path: '/management/v1/users/human/_import',
    body: request,
  }),
  UpdateMyProfile: (request) => ({
    method: 'PUT',
    path: '/auth/v1/users/me/profile',
    body: request,
  }),
  GetMyProfile: () => ({ method: 'GET', path: '/auth/v1/users/me/profile', body: undefined }),
  UpdateProject: ({ id, ...body }) => ({
    method: 'PUT',
    path: `/management/v1/projects/${String(id)}`,
    body,
  }),
};
const GRPC_SERVICE: Record<Operation, string> = {
  ImportHumanUser: 'identity.management.v1.ManagementService',
  UpdateMyProfile: 'identity.auth.v1.AuthService',
  GetMyProfile: 'identity.auth.v1.AuthService',
  UpdateProject: 'identity.management.v1.ManagementService',
};

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
    const { method, path, body } = HTTP[operation](request);
    const response = await service.call(method, path, { ...caller, body });
    return {
      ...outcomeOf(response.body.code ?? HTTP_TO_CODE[response.status] ?? -1, response.body),
      raw: response.body,
    };
  },
  gRPC: async (service, operation, request, caller) =>
    grpcOutcome(await service.grpc(GRPC_SERVICE[operation], operation, request, caller)),
  'gRPC-web': async (service, operation, request, caller) =>
    grpcOutcome(await service.grpcWeb(GRPC_SERVICE[operation], operation, request, caller)),
  'gRPC-web-text': async (service, operation, request, caller) =>
    grpcOutcome(
      await service.grpcWeb(GRPC_SERVICE[operation], operation, request, {
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

for (const database of DATABASES) {
  describe(`the same requests over every transport, on ${database.name}`, () => {
    let service: TestService;
    const fixtures = new Map<string, Fixtures>();
    /** What JSON said for each failing case, which every other transport must say too. */
    const saidOverJson = new Map<string, Outcome['said']>();

    before(async () => {
      service = await TestService.start(database.env);
      const other = await orgWithOwner(service);
      for (const transport of Object.keys(TRANSPORTS)) {
        const owner = await orgWithOwner(service);
        fixtures.set(transport, {
          owner,
          other,
          projectId: await service.project(owner.orgId),
          idpId: await service.idp(owner.orgId),
          prefix: transport.toLowerCase().replace(/[^a-z]/g, ''),
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
    });
    after(() => service.close());

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
          if (outcome.code === 0) return;
          if (transport === 'JSON') saidOverJson.set(testCase.name, outcome.said);
          else
            expect(outcome.said, 'message and violations as over JSON').to.deep.equal(
              saidOverJson.get(testCase.name),
            );
        });
      }
    }

    it('reports the same sequence for a no-op over both transports, and gRPC times are the JSON ones', async () => {
      const f = fixtures.get('gRPC')!;
      const first = await service.grpc(
        GRPC_SERVICE.UpdateProject,
        'UpdateProject',
        { id: f.projectId, name: 'Stable' },
        { token: f.owner.token },
      );
      const json = await service.updateProject(
        f.projectId,
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
}
