import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Options } from '@grpc/proto-loader';
import protobuf from 'protobufjs';

/** `proto/` at the repository root, from the source tree or from its build under dist/. */
const PROTO_ROOT = fileURLToPath(
  new URL(
    import.meta.url.includes('/dist/') ? '../../../../../proto' : '../../../../proto',
    import.meta.url,
  ),
);

/** The files that define what the gRPC transports serve. */
export const SERVICE_PROTOS = [
  'identity/auth/v1/auth.proto',
  'identity/management/v1/management.proto',
  'identity/admin/v1/admin.proto',
];
const ERROR_PROTOS = [
  'google/rpc/status.proto',
  'google/rpc/error_details.proto',
  'identity/v1/error.proto',
];

/**
 * Every message type, resolved, for decoding requests, shaping responses and encoding errors; with
 * the `//` comments, which the OpenAPI document carries as descriptions.
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
 * How messages become objects, on the server (protobufjs's toObject takes these options as
 * proto-loader does) and in any client that must see the same messages: lowerCamelCase names,
 * enums by name, 64-bit integers as strings, and defaults left out, so a request has the proto3
 * JSON shape the JSON transport sees.
 */
export const LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  bytes: String,
  enums: String,
  defaults: false,
  oneofs: false,
  includeDirs: [PROTO_ROOT],
};

/**
 * The descriptor sets `npm run build` compiles with buf (a real protobuf compiler): proto/ with the
 * google/protobuf files it imports, and grpc-health-check's health.proto.
 */
const DESCRIPTOR_SETS = ['identity.binpb', 'health.binpb'].map(
  (name) => new URL(`./${name}`, import.meta.url),
);

/** proto/'s files and the google/protobuf files they import, as one encoded FileDescriptorSet. */
export function identityDescriptorSet(): Buffer {
  return readFileSync(DESCRIPTOR_SETS[0]!);
}

/**
 * Every .proto file the gRPC port serves, as the compiler wrote it: one encoded
 * FileDescriptorProto per file, with its real name, package, dependencies and fully-qualified type
 * names, so that any client's descriptor pool accepts them from server reflection.
 */
export function loadFileDescriptorProtos(): Buffer[] {
  const files: Buffer[] = [];
  for (const url of DESCRIPTOR_SETS) {
    // A FileDescriptorSet is `repeated FileDescriptorProto file = 1`: the files are taken as they
    // are, without decoding and encoding them again.
    const reader = protobuf.Reader.create(readFileSync(url));
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag === ((1 << 3) | 2)) files.push(Buffer.from(reader.bytes()));
      else reader.skipType(tag & 7);
    }
  }
  return files;
}
