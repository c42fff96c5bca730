import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { operations } from '../../services/api/operations/operations.js';

const PROTO_ROOT = join(process.cwd(), 'proto');
const PROTO_FILES = [
  'identity/auth/v1/auth.proto',
  'identity/management/v1/management.proto',
  'identity/admin/v1/admin.proto',
  'identity/v1/error.proto',
  'google/rpc/status.proto',
  'google/rpc/error_details.proto',
];

function loadProtos(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => {
    const local = join(PROTO_ROOT, target);
    try {
      readFileSync(local);
      return local;
    } catch {
      return target; // google/protobuf/*: protobufjs ships the well-known types
    }
  };
  const loaded = root.loadSync(PROTO_FILES, { keepCase: false });
  loaded.resolveAll();
  return loaded;
}

interface JsonSchema {
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
}

/**
 * proto/ is the source of truth: each request schema must have exactly the message's fields, in
 * their JSON names, with matching nesting, repetition and enum values.
 */
function compare(
  message: protobuf.Type,
  schema: JsonSchema,
  path: string,
  root: JsonSchema = schema,
  within: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  // A message inside itself (a search's or/and/not): its schema is the next level, which may
  // stop nesting; the message was compared where it first appeared.
  if (within.includes(message.fullName)) return problems;
  const inside = [...within, message.fullName];
  const fields = message.fieldsArray;
  const properties = schema.properties ?? {};
  for (const field of fields) {
    const where = `${path}${field.name}`;
    const property = properties[field.name];
    if (!property) {
      problems.push(`${where}: in the proto, not in the schema`);
      continue;
    }
    if (field.repeated) {
      if (property.type !== 'array' || !property.items)
        problems.push(`${where}: repeated in the proto, not an array in the schema`);
    }
    const element = resolved$ref(root, field.repeated ? (property.items ?? {}) : property);
    const resolved = field.resolvedType;
    if (resolved?.fullName === '.google.protobuf.Timestamp') {
      // The JSON mapping writes a Timestamp as an RFC 3339 string.
      if (element.type !== 'string' || element.format !== 'date-time')
        problems.push(`${where}: a Timestamp in the proto, not a date-time string in the schema`);
    } else if (resolved instanceof protobuf.Type) {
      if (element.type !== 'object')
        problems.push(`${where}: a message in the proto, not an object in the schema`);
      // A Struct is any JSON object: its schema says what the operation takes of it.
      else if (resolved.fullName !== '.google.protobuf.Struct')
        problems.push(...compare(resolved, element, `${where}.`, root, inside));
    } else if (resolved instanceof protobuf.Enum) {
      const names = Object.keys(resolved.values).sort();
      if (JSON.stringify([...(element.enum ?? [])].sort()) !== JSON.stringify(names))
        problems.push(`${where}: enum values differ`);
    } else {
      const expected =
        field.type === 'bool' ? 'boolean' : field.type === 'string' ? 'string' : undefined;
      if (expected && element.type !== expected)
        problems.push(
          `${where}: ${field.type} in the proto, ${String(element.type)} in the schema`,
        );
    }
  }
  for (const name of Object.keys(properties)) {
    if (!message.fields[name] && !fields.some((field) => field.name === name))
      problems.push(`${path}${name}: in the schema, not in the proto`);
  }
  return problems;
}

/** A schema, or the definition its `$ref` names in the request's schema. */
function resolved$ref(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const name = /^#\/definitions\/(.+)$/.exec(schema.$ref ?? '')?.[1];
  return name ? (root.definitions?.[name] ?? {}) : schema;
}

describe('contracts', () => {
  const root = loadProtos();

  for (const operation of operations) {
    it(`${operation.name}: the request schema matches the proto message field for field`, () => {
      const service = root.lookupService(operation.grpc.service);
      const method = service.methods[operation.grpc.method];
      expect(method, `${operation.grpc.service}/${operation.grpc.method} in proto/`).to.not.equal(
        undefined,
      );
      const request = root.lookupType(method!.resolvedRequestType!.fullName);
      const schema = operation.schema as JsonSchema & { additionalProperties?: boolean };
      expect(schema.additionalProperties).to.equal(false);
      expect(compare(request, schema, '')).to.deep.equal([]);
    });
  }

  it('every gRPC method of our services is an operation, each named apart from every other', () => {
    const served = new Set(
      operations.map((operation) => `${operation.grpc.service}/${operation.grpc.method}`),
    );
    for (const name of [
      'identity.auth.v1.AuthService',
      'identity.management.v1.ManagementService',
      'identity.admin.v1.AdminService',
    ]) {
      for (const method of Object.keys(root.lookupService(name).methods))
        expect(served).to.include(`${name}/${method}`);
    }
    const names = operations.map((operation) => operation.name);
    expect(names.filter((name, at) => names.indexOf(name) !== at)).to.deep.equal([]);
  });

  it('the error detail and details messages have the fields the JSON bodies carry', () => {
    expect(Object.keys(root.lookupType('identity.v1.ErrorDetail').fields)).to.deep.equal([
      'id',
      'message',
    ]);
    expect(Object.keys(root.lookupType('identity.v1.ObjectDetails').fields)).to.deep.equal([
      'sequence',
      'creationDate',
      'changeDate',
      'resourceOwner',
    ]);
    expect(
      Object.keys(root.lookupType('google.rpc.BadRequest.FieldViolation').fields),
    ).to.deep.equal(['field', 'description']);
    const response = root.lookupType('identity.management.v1.ImportHumanUserResponse');
    expect(Object.keys(response.fields)).to.deep.equal([
      'userId',
      'details',
      'passwordlessRegistration',
      'alreadyExisted',
    ]);
    expect(
      Object.keys(
        root.lookupType('identity.management.v1.ImportHumanUserResponse.PasswordlessRegistration')
          .fields,
      ),
    ).to.deep.equal(['link', 'lifetime', 'expiration']);
  });
});
