import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { ServiceError } from '../../../../shared/errors/service-error.js';

/** A ServiceError as the gRPC transports carry it. */
interface GrpcStatus {
  code: number;
  message: string;
  /** A google.rpc.Status, encoded: the value of `grpc-status-details-bin`. */
  details: Buffer;
}

/**
 * The same code and message as over JSON, and the same details (BadRequest, ErrorDetail) as a
 * google.rpc.Status.
 */
export function grpcStatusOf(root: protobuf.Root, error: ServiceError): GrpcStatus {
  // protobufjs's bundled google.protobuf.Any keeps the proto's own field name, type_url.
  const any = (typeName: string, value: object) => ({
    type_url: `type.googleapis.com/${typeName}`,
    value: root.lookupType(typeName).encode(value).finish(),
  });
  const details = [
    ...(error.fieldViolations.length > 0
      ? [any('google.rpc.BadRequest', { fieldViolations: error.fieldViolations })]
      : []),
    ...(error.retryAfterSeconds !== undefined
      ? [any('google.rpc.RetryInfo', { retryDelay: { seconds: error.retryAfterSeconds } })]
      : []),
    any('identity.v1.ErrorDetail', { id: error.id, message: error.message }),
  ];
  const status = root
    .lookupType('google.rpc.Status')
    .encode({ code: error.code, message: error.message, details })
    .finish();
  return { code: error.code, message: error.message, details: Buffer.from(status) };
}

/** The status as @grpc/grpc-js sends it: details in the `grpc-status-details-bin` trailer. */
export function toGrpcError(root: protobuf.Root, error: ServiceError): Partial<grpc.ServiceError> {
  const status = grpcStatusOf(root, error);
  const metadata = new grpc.Metadata();
  metadata.set('grpc-status-details-bin', status.details);
  return { code: status.code as grpc.status, details: status.message, metadata };
}
