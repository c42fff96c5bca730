import { expect } from 'chai';
import {
  internal,
  invalidArgument,
  ServiceError,
  unauthenticated,
} from '../../shared/errors/service-error.js';
import { loadProtoRoot } from '../../services/api/transports/grpc/proto-files.js';
import { grpcStatusOf } from '../../services/api/transports/grpc/grpc-errors.js';
import { trailersFrame } from '../../services/api/transports/grpc-web/grpc-web-framing.js';
import { errorBody } from '../../services/api/transports/http/json-errors.js';
import { unsupportedMediaType } from '../../services/api/transports/http/unreadable-request.js';
import type { Answer } from '../fuzz/fuzz-client.js';
import { judge } from '../fuzz/fuzz-properties.js';
import type { FuzzRequest } from '../fuzz/fuzz-request.js';

/**
 * The fuzzer's judge: answers built with the service's own error encoders pass, and each way of
 * breaking the contract is caught, so a fuzz run that passes means something.
 */
const root = loadProtoRoot();
const json: FuzzRequest = {
  transport: 'json',
  kind: 'test',
  method: 'POST',
  path: '/x',
  headers: {},
  body: new Uint8Array(),
};
const grpcRequest: FuzzRequest = {
  transport: 'grpc',
  kind: 'test',
  path: '/x',
  metadata: [],
  message: new Uint8Array(),
};
const grpcWebRequest: FuzzRequest = { ...json, transport: 'grpc-web' };

const http = (status: number, body: unknown, type = 'application/json'): Answer => ({
  kind: 'http',
  status,
  headers: { 'content-type': type },
  body: Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  ms: 1,
});
const grpc = (error: ServiceError, details = true): Answer => {
  const status = grpcStatusOf(root, error);
  return {
    kind: 'grpc',
    code: status.code,
    message: status.message,
    statusDetails: details ? status.details : undefined,
    ms: 1,
  };
};
const properties = (request: FuzzRequest, answer: Answer) =>
  judge(request, answer).violations.map((v) => v.property);

describe('the fuzzer’s judge of an answer', () => {
  it('passes errors in the documented shape on every transport', () => {
    const refused = invalidArgument([{ field: 'userName', description: 'is required' }]);
    expect(properties(json, http(400, errorBody(refused)))).to.deep.equal([]);
    expect(properties(json, http(401, errorBody(unauthenticated())))).to.deep.equal([]);
    expect(properties(grpcRequest, grpc(refused))).to.deep.equal([]);
    const status = grpcStatusOf(root, refused);
    const trailers = trailersFrame({
      'grpc-status': String(status.code),
      'grpc-message': encodeURIComponent(status.message),
      'grpc-status-details-bin': status.details.toString('base64'),
    });
    expect(
      properties(grpcWebRequest, http(200, trailers, 'application/grpc-web+proto')),
    ).to.deep.equal([]);
  });

  it('catches a 5xx, INTERNAL or UNKNOWN even in the documented shape', () => {
    expect(properties(json, http(500, errorBody(internal())))).to.deep.equal(['no-server-error']);
    expect(properties(grpcRequest, grpc(internal()))).to.deep.equal(['no-server-error']);
    const unknown = { kind: 'grpc', code: 2, message: 'boom', ms: 1 } as const;
    expect(properties(grpcRequest, unknown)).to.include.members(['no-server-error', 'error-shape']);
  });

  it('catches errors outside the documented shape', () => {
    expect(properties(json, http(431, ''))).to.deep.equal(['error-shape']);
    // A validation error without the BadRequest that names the fields.
    const { details, ...rest } = errorBody(invalidArgument([{ field: 'x', description: 'y' }])) as {
      details: object[];
    };
    expect(properties(json, http(400, { ...rest, details: details.slice(1) }))).to.deep.equal([
      'error-shape',
    ]);
    // The right body under the wrong status.
    expect(properties(json, http(404, errorBody(unauthenticated())))).to.deep.equal([
      'error-shape',
    ]);
    expect(
      properties(grpcRequest, grpc(new ServiceError('METHOD-NOT-FOUND', 'x'), false)),
    ).to.deep.equal(['error-shape']);
    expect(
      properties(grpcWebRequest, http(200, 'not frames', 'application/grpc-web')),
    ).to.deep.equal(['error-shape']);
  });

  it('passes the conditions the error reference gives a status of their own, and only those', () => {
    const unsupported = errorBody(unsupportedMediaType('the request body must be JSON in UTF-8'));
    expect(properties(json, http(415, unsupported))).to.deep.equal([]);
    expect(properties(json, http(400, unsupported))).to.deep.equal(['error-shape']);
    const refused = errorBody(invalidArgument([{ field: 'x', description: 'y' }]));
    expect(properties(json, http(415, refused))).to.deep.equal(['error-shape']);
    // grpc-js's own answer for a method nobody serves, and nothing else without details.
    const unserved = 'The server does not implement the method /identity.auth.v1.AuthService/X';
    const unimplemented = { kind: 'grpc', code: 12, message: unserved, ms: 1 } as const;
    expect(properties(grpcRequest, unimplemented)).to.deep.equal([]);
    const capped = 'Received message larger than max (16777226 vs 16777216)';
    expect(properties(grpcRequest, { ...unimplemented, code: 8, message: capped })).to.deep.equal(
      [],
    );
    const other = { ...unimplemented, code: 5 };
    expect(properties(grpcRequest, other)).to.deep.equal(['error-shape']);
  });

  it('catches a hang and a dropped connection, and reads what an accepted call stored', () => {
    expect(properties(json, { kind: 'hang', ms: 5000 })).to.deep.equal(['answers-in-time']);
    expect(properties(grpcRequest, { kind: 'dropped', error: 'ECONNRESET', ms: 1 })).to.deep.equal([
      'no-crash',
    ]);
    const accepted = judge(json, http(200, { userId: 'u', details: { sequence: '42' } }));
    expect(accepted.accepted).to.deep.equal({ userIds: ['u'], sequence: '42' });
    const batch = judge(
      json,
      http(200, {
        results: [{ userId: 'a' }, { userId: 'b', alreadyExisted: true }, { error: {} }],
        details: { sequence: '43' },
      }),
    );
    expect(batch.accepted, 'the users a batch made').to.deep.equal({
      userIds: ['a'],
      sequence: '43',
    });
  });

  it('catches a body over the limit that was served', () => {
    const huge: FuzzRequest = { ...grpcRequest, message: new Uint8Array(11) };
    const ok = { kind: 'grpc', code: 0, message: '', ms: 1 } as const;
    expect(judge(huge, ok, 10).violations.map((v) => v.property)).to.deep.equal([
      'over-limit-refused',
    ]);
    expect(
      judge(huge, grpc(invalidArgument([{ field: '', description: 'x' }])), 10).violations,
    ).to.deep.equal([]);
  });
});
