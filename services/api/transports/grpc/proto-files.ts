import { fileURLToPath } from 'node:url';
import type { Options } from '@grpc/proto-loader';
import protobuf from 'protobufjs';

/** `proto/` at the repository root, from the source tree or from its build under dist/. */
export const PROTO_ROOT = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../../../proto' : '../../../../proto',
    import.meta.url,
  ),
);

/** The files that define what the gRPC transports serve. */
export const SERVICE_PROTOS = [
  'identity/auth/v1/auth.proto',
  'identity/management/v1/management.proto',
];
const ERROR_PROTOS = [
  'google/rpc/status.proto',
  'google/rpc/error_details.proto',
  'identity/v1/error.proto',
];

/**
 * Every message type, resolved, for encoding errors and shaping responses; with the `//` comments,
 * which the OpenAPI document carries as descriptions.
 */
export function loadProtoRoot(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    target.startsWith('google/protobuf/') ? target : `${PROTO_ROOT}/${target}`;
  root.loadSync([...SERVICE_PROTOS, ...ERROR_PROTOS], {
    keepCase: false,
    alternateCommentMode: true,
  });
  root.resolveAll();
  return root;
}

/**
 * How proto-loader reads the service files, on the server and in any client that must see the
 * same messages: lowerCamelCase names, enums by name, 64-bit integers as strings, and defaults
 * left out, so a request has the proto3 JSON shape the JSON transport sees.
 */
export const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: false,
  includeDirs: [PROTO_ROOT],
};
