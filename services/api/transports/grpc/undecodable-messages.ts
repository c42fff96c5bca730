import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { toGrpcError } from './grpc-errors.js';
import { malformedRequest } from './proto-request.js';

/**
 * grpc-js answers a deserializer that throws with its own INTERNAL "Error deserializing request".
 * No method here has one: ours decode to a request or to the ServiceError that says why
 * (proto-request.ts), and the libraries' (grpc.health.v1, server reflection) are added through
 * `tolerantly`, whose deserializers do the same. This interceptor answers such a ServiceError, on
 * any method, unary or streaming, as every error is answered: its code (INVALID_ARGUMENT), message
 * and details.
 */
export function refuseUndecodable(root: protobuf.Root): grpc.ServerInterceptor {
  return (_method, call) => {
    let refused = false;
    return new grpc.ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMessage: (message: unknown, pass) => {
            if (!(message instanceof ServiceError)) return pass(message);
            refused = true;
            const { code, details, metadata } = toGrpcError(root, message);
            call.sendStatus({ code: code!, details: details!, metadata: metadata! });
          },
          // The handler of a refused call is never run, not even for the end of its requests.
          onReceiveHalfClose: (pass) => {
            if (!refused) pass();
          },
        }),
    });
  };
}

/**
 * `server` for a library's `addToServer`: its services added with deserializers that never throw
 * (what they cannot decode becomes the ServiceError `refuseUndecodable` answers).
 */
export function tolerantly(server: grpc.Server): grpc.Server {
  const addService: grpc.Server['addService'] = (definition, implementation) => {
    const tolerant = Object.entries(definition).map(([name, method]) => [
      name,
      {
        ...method,
        requestDeserialize: (bytes: Buffer): unknown => {
          try {
            return method.requestDeserialize(bytes);
          } catch {
            return malformedRequest(`not a valid request of ${method.path}`);
          }
        },
      },
    ]);
    server.addService(Object.fromEntries(tolerant) as grpc.ServiceDefinition, implementation);
  };
  return new Proxy(server, {
    get: (target, property) =>
      property === 'addService' ? addService : Reflect.get(target, property, target),
  });
}
