import fc from 'fast-check';
import { weightedKinds, type Drawn } from './weighted-kinds.arbitrary.js';
import { applyByteMutations } from './byte-mutation.arbitrary.js';
import {
  encodeMessage,
  grpcPathOf,
  grpcRequest,
  GRPC_PATHS,
  protoMethodAt,
} from './call-encodings.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import type { GrpcFuzzRequest } from './fuzz-request.js';
import {
  applyMetadataChanges,
  binaryMetadataChange,
  headerChange,
  headerLabel,
  type HeaderChange,
} from './header-changes.arbitrary.js';
import { sometimes } from './odd-values.arbitrary.js';
import { encodeFields, fieldsOf } from './protobuf-fields.js';
import { applyProtoMutations, protoMutation } from './protobuf-mutation.arbitrary.js';
import { applyStringLeafMutation } from './string-leaf-mutation.arbitrary.js';
import * as bends from './shared-bends.arbitrary.js';
import { validCall, type ValidCall } from './valid-calls.arbitrary.js';

/**
 * The protobuf message of a call, as gRPC and gRPC-web send it: valid, bent at the wire level,
 * bytes mutated, any bytes at all, empty, or past the body limit.
 */
export const messageVariant = weightedKinds({
  valid: [25],
  fields: [35, { mutations: fc.array(protoMutation, { minLength: 1, maxLength: 3 }) }],
  strings: [20, bends.strings],
  bytes: [12, bends.bytes],
  'any-bytes': [5, { bytes: fc.uint8Array({ maxLength: 64 }) }],
  empty: [3],
  // Over REQUEST_BODY_LIMIT (1 MiB); the second also over grpc-js's 4 MiB.
  huge: [1, { size: fc.constantFrom(1024 * 1024 + 1, 4 * 1024 * 1024 + 1) }],
});
type MessageVariant = Drawn<typeof messageVariant>;

export function messageBytes(call: ValidCall, variant: MessageVariant): Uint8Array {
  switch (variant.kind) {
    case 'valid':
      return encodeMessage(call);
    case 'fields': {
      const { requestType } = protoMethodAt(grpcPathOf(call.operation))!;
      return encodeFields(
        applyProtoMutations(fieldsOf(requestType, call.message), variant.mutations),
      );
    }
    case 'strings':
      // protobufjs writes a lone surrogate as its three bytes (not UTF-8), as a careless client would.
      return encodeMessage({ ...call, message: applyStringLeafMutation(call, variant.mutation) });
    case 'bytes':
      return applyByteMutations(encodeMessage(call), variant.mutations);
    case 'any-bytes':
      return variant.bytes;
    case 'empty':
      return new Uint8Array();
    case 'huge':
      // The valid message and an unknown field that carries the rest.
      return encodeFields([
        ...fieldsOf(protoMethodAt(grpcPathOf(call.operation))!.requestType, call.message),
        { no: 99, wire: 2, value: new Uint8Array(variant.size) },
      ]);
  }
}

/** Another operation's method (the message read as another type), or no method of ours. */
const ODD_GRPC_PATHS = [
  ...GRPC_PATHS,
  '/identity.auth.v1.AuthService/DeleteMyProfile',
  '/identity.auth.v2.AuthService/UpdateMyProfile',
  '/identity.auth.v1.authservice/updatemyprofile',
  '/identity.auth.v1.AuthService/',
  '/identity.auth.v1.AuthService/UpdateMyProfile/',
  '//identity.auth.v1.AuthService/UpdateMyProfile',
  '/identity.auth.v1.AuthService/UpdateMy%50rofile',
  '/identity.management.v1.ManagementService/ImportHumanUser?x=1',
  '/',
  '/a',
];

export const oddGrpcPath = fc.constantFrom(...ODD_GRPC_PATHS);

export function grpcRequests(fixtures: FuzzFixtures): fc.Arbitrary<GrpcFuzzRequest> {
  return fc
    .record({
      call: validCall(fixtures),
      message: messageVariant,
      metadata: sometimes(
        fc.array(
          fc.oneof({ weight: 4, arbitrary: headerChange(fixtures, false) }, binaryMetadataChange),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        4,
      ),
      path: sometimes(oddGrpcPath, 12),
    })
    .map((draw) => {
      const valid = grpcRequest(draw.call);
      return {
        ...valid,
        kind: label(draw.call, draw.message, draw.metadata, draw.path),
        path: draw.path ?? valid.path,
        metadata: draw.metadata
          ? applyMetadataChanges(valid.metadata, draw.metadata)
          : valid.metadata,
        message: messageBytes(draw.call, draw.message),
      };
    });
}

export function label(
  call: ValidCall,
  message: MessageVariant,
  headers: HeaderChange[] | undefined,
  path: string | undefined,
): string {
  return [
    call.operation.grpc.method,
    message.kind === 'valid' ? '' : `message:${message.kind}`,
    headers ? `metadata:${headerLabel(headers)}` : '',
    path ? 'path' : '',
  ]
    .filter(Boolean)
    .join(' ');
}
