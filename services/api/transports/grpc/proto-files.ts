import { fileURLToPath } from 'node:url';
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

/** Every message type, resolved, for encoding errors and shaping responses. */
export function loadProtoRoot(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    target.startsWith('google/protobuf/') ? target : `${PROTO_ROOT}/${target}`;
  root.loadSync([...SERVICE_PROTOS, ...ERROR_PROTOS], { keepCase: false });
  root.resolveAll();
  return root;
}
