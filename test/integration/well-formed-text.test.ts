import * as grpc from '@grpc/grpc-js';
import { expect } from 'chai';
import protobuf from 'protobufjs';
import { User } from '../../shared/db/entities/index.js';
import { decodeStatusDetails, type GrpcOutcome } from '../support/grpc-client.js';
import { TestService, type ApiResponse } from '../support/test-service.js';
import { buildIdp, buildMember, buildOwner, buildProject } from '../support/factories.js';

const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';
const DESCRIPTION =
  'must be well-formed Unicode text (valid UTF-8: no unpaired surrogates, no U+FFFD replacement characters)';
const AUTH = 'identity.auth.v1.AuthService';
const MANAGEMENT = 'identity.management.v1.ManagementService';

/** The fields a refusal names, from the BadRequest of a JSON body or of gRPC's details. */
function refusedFields(details: Record<string, any>[]): Record<string, string> {
  const badRequest = details.find((detail) => detail['@type'] === BAD_REQUEST);
  expect(details.at(-1)!['@type']).to.equal(ERROR_DETAIL);
  expect(details.at(-1)!.id).to.equal('REQUEST-INVALID');
  return Object.fromEntries(
    (badRequest?.fieldViolations ?? []).map((v: { field: string; description: string }) => [
      v.field,
      v.description,
    ]),
  );
}

function expectRefusedOverJson(response: ApiResponse, fields: Record<string, string>): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(400);
  expect(response.body.code).to.equal(3);
  expect(refusedFields(response.body.details)).to.deep.equal(fields);
}

function expectRefusedOverGrpc(outcome: GrpcOutcome, fields: Record<string, string>): void {
  expect(outcome.code, outcome.message).to.equal(3);
  expect(refusedFields(outcome.details)).to.deep.equal(fields);
}

/**
 * UpdateMyProfileRequest written by hand, so that firstName can hold bytes no client library
 * would encode: invalid UTF-8, or a surrogate encoded on its own (CESU-8).
 */
function profileRequestWithFirstNameBytes(bytes: number[]): Uint8Array {
  return protobuf.Writer.create()
    .uint32((1 << 3) | 2)
    .bytes(Uint8Array.from(bytes))
    .uint32((2 << 3) | 2)
    .string('Lovelace')
    .uint32((4 << 3) | 2)
    .string('Ada')
    .finish();
}

/** One unary gRPC call with an already encoded request. */
function callGrpcRaw(address: string, path: string, request: Uint8Array, token: string) {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  metadata.set('authorization', `Bearer ${token}`);
  return new Promise<GrpcOutcome>((resolve) => {
    client.makeUnaryRequest(
      path,
      (message: Uint8Array) => Buffer.from(message),
      (message: Buffer) => message,
      request,
      metadata,
      (error, response) => {
        client.close();
        if (!error) return resolve({ code: 0, response, details: [] });
        const raw = error.metadata?.get('grpc-status-details-bin')[0] as Buffer | undefined;
        resolve({
          code: error.code,
          message: error.details,
          details: raw ? decodeStatusDetails(raw) : [],
        });
      },
    );
  });
}

describe('text that is not well-formed Unicode, on every transport', () => {
  let service: TestService;
  let owner: { orgId: string; userId: string; token: string };

  /** A fresh caller, and a check that a refused request changed nothing about it. */
  async function unchangedAfter(send: (token: string) => Promise<void>): Promise<void> {
    const { userId, token } = await buildMember(service, { orgId: owner.orgId });
    const before = await service.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    const events = await service.count('events');
    await send(token);
    expect(
      await service.dataSource.getRepository(User).findOneByOrFail({ id: userId }),
    ).to.deep.equal(before);
    expect(await service.count('events')).to.equal(events);
  }

  before(async () => {
    service = await TestService.start();
    owner = await buildOwner(service);
  });
  after(() => service.close());

  it('refuses an unpaired surrogate in Update My Profile over JSON, naming the field', async () => {
    await unchangedAfter(async (token) => {
      const response = await service.call('PUT', '/auth/v1/users/me/profile', {
        token,
        rawBody: '{"firstName":"\\ud800","lastName":"A","displayName":"A\\udfff B"}',
      });
      expectRefusedOverJson(response, { firstName: DESCRIPTION, displayName: DESCRIPTION });
      expect(response.body.message).to.equal(
        `invalid request: firstName ${DESCRIPTION}; displayName ${DESCRIPTION}`,
      );
    });
  });

  it('refuses one at any depth of an import, in arrays too, and stores nothing', async () => {
    const idp = (await buildIdp(service, { orgId: owner.orgId })).idpId;
    const users = await service.count('users');
    const events = await service.count('events');
    const response = await service.importUser(
      {
        userName: 'surrogates',
        profile: { firstName: 'Ada', lastName: 'Love\udc00lace' },
        email: { email: 'ada@example.com' },
        idps: [
          { configId: idp, externalUserId: 'fine' },
          { configId: idp, externalUserId: 'x\ud83d', displayName: 'X' },
        ],
      },
      { token: owner.token },
    );
    expectRefusedOverJson(response, {
      'profile.lastName': DESCRIPTION,
      'idps[1].externalUserId': DESCRIPTION,
    });
    expect(await service.count('users')).to.equal(users);
    expect(await service.count('events')).to.equal(events);
  });

  it('walks a body nested ten thousand deep without running out of stack', async () => {
    const deep = `${'['.repeat(10_000)}"\\ud800"${']'.repeat(10_000)}`;
    const response = await service.call('PUT', '/auth/v1/users/me/profile', {
      token: owner.token,
      rawBody: `{"firstName":"Ada","lastName":"B","displayName":"A","nickName":${deep}}`,
    });
    const field = `nickName${'[0]'.repeat(10_000)}`;
    expectRefusedOverJson(response, { [field]: DESCRIPTION, nickName: 'must be a string' });
  });

  it('refuses a field name that is not well-formed as unknown, with a name that can be sent', async () => {
    const response = await service.call('PUT', '/auth/v1/users/me/profile', {
      token: owner.token,
      rawBody: '{"firstName":"A","lastName":"B","displayName":"A B","\\ud800":1}',
    });
    expectRefusedOverJson(response, { '\ufffd': 'is not a known field' });
  });

  it('refuses a project name with one, and keeps a well-formed pair', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Whole' }))
      .projectId;
    expectRefusedOverJson(
      await service.updateProject(projectId, { name: '\ud83d' }, { token: owner.token }),
      { name: DESCRIPTION },
    );
    const whole = await service.updateProject(
      projectId,
      { name: '\ud83d\ude80' },
      { token: owner.token },
    );
    expect(whole.status, JSON.stringify(whole.body)).to.equal(200);
  });

  it('refuses a JSON body whose bytes are not UTF-8 rather than storing replacement characters', async () => {
    await unchangedAfter(async (token) => {
      const response = await fetch(`${service.api.url}/auth/v1/users/me/profile`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: Buffer.concat([
          Buffer.from('{"firstName":"A'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('","lastName":"B","displayName":"A B"}'),
        ]),
      });
      const text = await response.text();
      expectRefusedOverJson(
        { status: response.status, body: JSON.parse(text), text, headers: response.headers },
        { firstName: DESCRIPTION },
      );
    });
  });

  for (const [name, bytes] of [
    ['a surrogate encoded on its own (CESU-8)', [0x41, 0xed, 0xa0, 0x80]],
    ['bytes that are not UTF-8', [0x41, 0xff, 0xc0, 0x80]],
  ] as const) {
    it(`refuses ${name} in a string over gRPC, naming the field`, async () => {
      await unchangedAfter(async (token) => {
        const outcome = await callGrpcRaw(
          service.api.grpcAddress,
          `/${AUTH}/UpdateMyProfile`,
          profileRequestWithFirstNameBytes([...bytes]),
          token,
        );
        expectRefusedOverGrpc(outcome, { firstName: DESCRIPTION });
      });
    });
  }

  it('refuses an unpaired surrogate in the id over gRPC and in a name over gRPC-web', async () => {
    const projectId = (await buildProject(service, { orgId: owner.orgId, name: 'Over gRPC' }))
      .projectId;
    expectRefusedOverGrpc(
      await service.grpc(
        MANAGEMENT,
        'UpdateProject',
        { id: `${projectId}\ud800`, name: 'N' },
        {
          token: owner.token,
        },
      ),
      { id: DESCRIPTION },
    );
    for (const format of ['binary', 'text'] as const) {
      expectRefusedOverGrpc(
        await service.grpcWeb(
          MANAGEMENT,
          'UpdateProject',
          { id: projectId, name: 'N\udfff' },
          {
            token: owner.token,
            format,
          },
        ),
        { name: DESCRIPTION },
      );
    }
  });
});
