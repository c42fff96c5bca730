import { connect } from 'node:http2';
import { expect } from 'chai';
import { grpcReadCap } from '../../services/api/transports/grpc/grpc-server.js';
import { loadProtoRoot } from '../../services/api/transports/grpc/proto-files.js';
import { callGrpcBytes, encodeAsProto3, type GrpcOutcome } from '../support/grpc-client.js';
import { callGrpcWebBytes } from '../support/grpc-web-client.js';
import { TestService } from '../support/test-service.js';
import { buildOwner } from '../support/factories.js';

const PROFILE = '/identity.auth.v1.AuthService/UpdateMyProfile';
const IMPORT = '/identity.management.v1.ManagementService/ImportHumanUser';
const MiB = 1024 * 1024;
const importType = loadProtoRoot().lookupType('identity.management.v1.ImportHumanUserRequest');

/** An ImportHumanUserRequest of exactly `size` bytes, its nickName (too long) the filler. */
function importOfSize(size: number): Uint8Array {
  const encode = (nickName: number) =>
    encodeAsProto3(importType, {
      userName: 'large',
      profile: { firstName: 'L', lastName: 'Arge', nickName: 'n'.repeat(nickName) },
      email: { email: 'large@example.com' },
    });
  let nickName = size;
  for (let bytes = encode(0); bytes.length !== size; bytes = encode(nickName)) {
    nickName -= bytes.length - size;
  }
  return encode(nickName);
}

/**
 * One call over plain HTTP/2 with a framed message (flag byte, length, bytes), for what a gRPC
 * library will not send: its status and message, from the headers of a trailers-only answer or
 * from the trailers.
 */
function rawGrpc(
  address: string,
  headers: Record<string, string>,
  flag: number,
  message: Buffer,
): Promise<{ status?: string; message?: string }> {
  const session = connect(`http://${address}`);
  const frame = Buffer.alloc(5 + message.length);
  frame[0] = flag;
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  const stream = session.request({
    ':method': 'POST',
    ':path': PROFILE,
    'content-type': 'application/grpc',
    te: 'trailers',
    ...headers,
  });
  const answer: { status?: string; message?: string } = {};
  const read = (fields: Record<string, unknown>) => {
    if (fields['grpc-status'] !== undefined) answer.status = String(fields['grpc-status']);
    if (fields['grpc-message'] !== undefined)
      answer.message = decodeURIComponent(String(fields['grpc-message']));
  };
  stream.on('response', read);
  stream.on('trailers', read);
  stream.resume();
  stream.end(frame);
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.on('close', () => {
      session.close();
      resolve(answer);
    });
  });
}

/** What a caller is told: the status, its message and every detail. */
const said = ({ code, message, details }: GrpcOutcome) => ({ code, message, details });

describe('gRPC requests that do not reach an operation', () => {
  let service: TestService;
  let token: string;
  const grpc = (path: string, message: Uint8Array, gzip = false) =>
    callGrpcBytes(service.api.grpcAddress, path, message, { token, gzip });
  const grpcWeb = (path: string, message: Uint8Array) =>
    callGrpcWebBytes(service.api.url, path, message, { token });

  before(async () => {
    service = await TestService.start();
    token = (await buildOwner(service)).token;
  });
  after(() => service.close());

  it('answers bytes that are not the request message with INVALID_ARGUMENT and a BadRequest, as gRPC-web does', async () => {
    const undecodable = {
      'a length past the end': [0x0a, 0xff, 0xff],
      'a cut-off tag': [0xff],
      'wire type 7': [0x0f],
    };
    for (const [name, bytes] of Object.entries(undecodable)) {
      const overGrpc = await grpc(PROFILE, Buffer.from(bytes));
      expect(said(overGrpc), name).to.deep.equal(said(await grpcWeb(PROFILE, Buffer.from(bytes))));
      expect(said(overGrpc), name).to.deep.equal({
        code: 3,
        message: 'invalid request: the request body is not a valid UpdateMyProfileRequest',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              { field: '', description: 'the request body is not a valid UpdateMyProfileRequest' },
            ],
          },
          {
            '@type': 'type.googleapis.com/identity.v1.ErrorDetail',
            id: 'REQUEST-INVALID',
            message: 'invalid request: the request body is not a valid UpdateMyProfileRequest',
          },
        ],
      });
    }
  });

  it('answers a message over REQUEST_BODY_LIMIT with RESOURCE_EXHAUSTED REQUEST-TOO-LARGE and the details JSON gives, compressed or not', async () => {
    const limit = service.config.requestBodyLimit;
    const overJson = await service.call('POST', '/management/v1/users/human/_import', {
      token,
      rawBody: ' '.repeat(limit + 1),
    });
    expect(overJson.status).to.equal(413);
    const tooLarge = {
      code: 8,
      message: overJson.body.message,
      details: overJson.body.details,
    };
    expect(tooLarge.details.map((detail: { id?: string }) => detail.id)).to.deep.equal([
      'REQUEST-TOO-LARGE',
    ]);
    const users = await service.count('users');
    for (const size of [limit + 1, 2 * MiB, 5 * MiB]) {
      const message = importOfSize(size);
      expect(said(await grpc(IMPORT, message)), `${size} bytes`).to.deep.equal(tooLarge);
      expect(said(await grpc(IMPORT, message, true)), `${size} bytes, gzip`).to.deep.equal(
        tooLarge,
      );
    }
    expect(await service.count('users'), 'nothing stored').to.equal(users);

    const atTheLimit = await grpc(IMPORT, importOfSize(limit));
    expect(atTheLimit.code, 'a message of the limit is read').to.equal(3);
    expect(atTheLimit.details[0]!.fieldViolations).to.deep.equal([
      { field: 'profile.nickName', description: 'must be at most 200 characters' },
    ]);
  });

  it('leaves a corrupt compressed message, an unknown grpc-encoding and a malformed grpc-timeout to grpc-js, as the README says', async () => {
    const address = service.api.grpcAddress;
    const auth = { authorization: `Bearer ${token}` };
    expect(
      await rawGrpc(address, { ...auth, 'grpc-encoding': 'gzip' }, 1, Buffer.from('not gzip')),
    ).to.deep.equal({ status: '13', message: 'Failed to decompress message' });
    expect(
      await rawGrpc(address, { ...auth, 'grpc-encoding': 'br' }, 1, Buffer.from('x')),
    ).to.include({ status: '12' });
    expect(
      await rawGrpc(address, { ...auth, 'grpc-timeout': 'soon' }, 0, Buffer.alloc(0)),
    ).to.deep.equal({ status: '13', message: 'Invalid grpc-timeout value "soon"' });
  });

  it('leaves a message over the read cap to grpc-js, refused before it is read with its own RESOURCE_EXHAUSTED', async () => {
    const cap = grpcReadCap(service.config.requestBodyLimit);
    expect(cap).to.equal(16 * MiB);
    const outcome = await grpc(IMPORT, importOfSize(cap + 1));
    expect(outcome.code).to.equal(8);
    expect(outcome.message).to.match(/larger than max/);
    expect(outcome.details).to.deep.equal([]);
  });
});
