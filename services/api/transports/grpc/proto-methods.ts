import type protobuf from 'protobufjs';
import type { Operation } from '../../operations/operation.js';
import type { IncomingCall, OperationPipeline } from '../../pipeline/operation-pipeline.js';
import { toProtoObject } from './proto-shape.js';

/** An operation at its gRPC method, with the message types both gRPC transports encode. */
export interface ProtoMethod {
  operation: Operation;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
}

/** Every operation by its gRPC path, `/<package>.<Service>/<Method>`. */
export function protoMethods(
  root: protobuf.Root,
  operations: readonly Operation[],
): Map<string, ProtoMethod> {
  return new Map(
    operations.map((operation) => {
      const method = root.lookupService(operation.grpc.service).methods[operation.grpc.method]!;
      method.resolve();
      return [
        `/${operation.grpc.service}/${operation.grpc.method}`,
        {
          operation,
          requestType: method.resolvedRequestType!,
          responseType: method.resolvedResponseType!,
        },
      ];
    }),
  );
}

/** The response message's bytes, encoded as proto-loader encodes it. */
export function encodeResponse(method: ProtoMethod, response: Record<string, unknown>): Buffer {
  const type = method.responseType;
  return Buffer.from(type.encode(type.fromObject(response)).finish());
}

/**
 * Runs the method's operation through the pipeline, and shapes the result for its response type.
 * A failure is the pipeline's ServiceError.
 */
export async function invoke(
  pipeline: OperationPipeline,
  method: ProtoMethod,
  incoming: IncomingCall,
): Promise<Record<string, unknown>> {
  const result = await pipeline.call(method.operation, incoming);
  return toProtoObject(method.responseType, result as Record<string, unknown>);
}
