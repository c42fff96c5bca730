/**
 * The profile page's calls of identity.auth.v1.AuthService over gRPC-web, with Google's grpc-web
 * client and the caller's access token. The messages are read and written by protobuf-es from
 * the descriptors the service is built with (`/ui/profile/protos.binpb`), in the proto3 JSON
 * mapping the JSON transport speaks: it compiles no code at run time, so the page's
 * Content-Security-Policy needs no 'unsafe-eval'.
 */
import {
  createFileRegistry,
  fromBinary,
  fromJson,
  toBinary,
  toJson,
  type JsonValue,
} from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { GrpcWebClientBase, MethodDescriptor, MethodType, type RpcError } from 'grpc-web';

const SERVICE = 'identity.auth.v1.AuthService';

/** A failure the service answered: its status code, message, error id and field violations. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly id: string | undefined,
    readonly violations: { field: string; description: string }[],
  ) {
    super(message);
  }
}

/** One unary call of a method (`UpdateMyProfile`) with its request, answering its response. */
export type AuthCall = <T>(method: string, request: object) => Promise<T>;

/** The page's caller of AuthService; `token` gives the access token of each call. */
export async function authService(token: () => string): Promise<AuthCall> {
  const descriptors = await (await fetch('/ui/profile/protos.binpb')).arrayBuffer();
  const registry = createFileRegistry(
    fromBinary(FileDescriptorSetSchema, new Uint8Array(descriptors)),
  );
  const client = new GrpcWebClientBase({ format: 'binary' });

  function callError(error: RpcError): CallError {
    const raw = error.metadata?.['grpc-status-details-bin'];
    let id: string | undefined;
    let violations: { field: string; description: string }[] = [];
    if (raw) {
      const statusType = registry.getMessage('google.rpc.Status')!;
      // The details (Any) come out as their messages, named by `@type`.
      const decoded = toJson(statusType, fromBinary(statusType, base64(raw)), { registry }) as {
        details?: { '@type': string; fieldViolations?: typeof violations; id?: string }[];
      };
      for (const detail of decoded.details ?? []) {
        if (detail['@type'] === 'type.googleapis.com/google.rpc.BadRequest')
          violations = detail.fieldViolations ?? [];
        if (detail['@type'] === 'type.googleapis.com/identity.v1.ErrorDetail') id = detail.id;
      }
    }
    return new CallError(error.code, error.message, id, violations);
  }

  return <T>(method: string, request: object): Promise<T> => {
    const { input, output } = registry
      .getService(SERVICE)!
      .methods.find((known) => known.name === method)!;
    const descriptor = new MethodDescriptor(
      `/${SERVICE}/${method}`,
      MethodType.UNARY,
      Object as never,
      Object as never,
      (message: object) => toBinary(input, fromJson(input, message as JsonValue)),
      (bytes: Uint8Array) => toJson(output, fromBinary(output, bytes)),
    );
    return client
      .unaryCall(
        `${location.origin}/${SERVICE}/${method}`,
        request,
        { authorization: `Bearer ${token()}` },
        descriptor,
      )
      .then(
        (response) => response as T,
        (error: RpcError) => {
          throw callError(error);
        },
      );
  };
}

function base64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
