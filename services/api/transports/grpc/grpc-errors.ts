import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { ServiceError } from '../../../../shared/errors/service-error.js';

/**
 * A ServiceError as gRPC carries it: the same code and message as over JSON, and the same
 * details (BadRequest, ErrorDetail) as a google.rpc.Status in `grpc-status-details-bin`.
 */
export function toGrpcError(root: protobuf.Root, error: ServiceError): Partial<grpc.ServiceError> {
  // protobufjs's bundled google.protobuf.Any keeps the proto's own field name, type_url.
  const any = (typeName: string, value: object) => ({
    type_url: `type.googleapis.com/${typeName}`,
    value: root.lookupType(typeName).encode(value).finish(),
  });
  const details = [
    ...(error.fieldViolations.length > 0
      ? [any('google.rpc.BadRequest', { fieldViolations: error.fieldViolations })]
      : []),
    any('identity.v1.ErrorDetail', { id: error.id, message: error.message }),
  ];
  const status = root
    .lookupType('google.rpc.Status')
    .encode({ code: error.code, message: error.message, details })
    .finish();
  const metadata = new grpc.Metadata();
  metadata.set('grpc-status-details-bin', Buffer.from(status));
  return { code: error.code as number as grpc.status, details: error.message, metadata };
}
