import protobuf from 'protobufjs';

export type JsonSchema = Record<string, unknown>;

/** The types proto3's JSON mapping writes as strings (64-bit integers) or numbers. */
const SCALARS: Record<string, JsonSchema> = {
  string: { type: 'string' },
  bool: { type: 'boolean' },
  bytes: { type: 'string', contentEncoding: 'base64' },
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer', format: 'int32' },
  sint32: { type: 'integer', format: 'int32' },
  sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', minimum: 0, maximum: 4294967295 },
  fixed32: { type: 'integer', minimum: 0, maximum: 4294967295 },
  int64: { type: 'string', pattern: '^-?[0-9]+$' },
  sint64: { type: 'string', pattern: '^-?[0-9]+$' },
  sfixed64: { type: 'string', pattern: '^-?[0-9]+$' },
  uint64: { type: 'string', pattern: '^[0-9]+$' },
  fixed64: { type: 'string', pattern: '^[0-9]+$' },
};

/** The well-known types this API carries, as their JSON mapping writes them. */
const WELL_KNOWN: Record<string, JsonSchema> = {
  '.google.protobuf.Timestamp': { type: 'string', format: 'date-time' },
  '.google.protobuf.Duration': {
    type: 'string',
    pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$',
    examples: ['3600s'],
  },
  '.google.protobuf.Struct': { type: 'object', additionalProperties: true },
};

/** `#/components/schemas/<name>` of a message or enum: its full name without the leading dot. */
export const componentName = (type: protobuf.ReflectionObject): string =>
  type.fullName.replace(/^\./, '');

const componentRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * JSON Schemas (2020-12) of proto messages in the proto3 JSON mapping, as the API writes them:
 * lowerCamelCase names, 64-bit integers as strings, enums by name, Timestamps as RFC 3339 and
 * Durations as `"3600s"`, every field optional (proto3 leaves defaults out). Each message and
 * enum becomes a component, added as it is first referred to, with the proto comments as
 * descriptions.
 */
export class ProtoJsonSchemas {
  readonly components: Record<string, JsonSchema> = {};
  private readonly packed: Set<protobuf.Type>;

  /**
   * @param anyTypes the messages a `google.protobuf.Any` may hold here; their components carry
   *   the `@type` that the JSON mapping of Any adds, so each is only ever used packed
   */
  constructor(anyTypes: readonly protobuf.Type[]) {
    this.packed = new Set(anyTypes);
  }

  /** A reference to the component of `type`, made on first use. */
  ref(type: protobuf.Type | protobuf.Enum): JsonSchema {
    const wellKnown = WELL_KNOWN[type.fullName];
    if (wellKnown) return { ...wellKnown };
    const name = componentName(type);
    if (!this.components[name]) {
      this.components[name] = {}; // a placeholder, for messages that refer to themselves
      this.components[name] =
        type instanceof protobuf.Enum ? this.enumSchema(type) : this.messageSchema(type);
    }
    return componentRef(name);
  }

  private enumSchema(type: protobuf.Enum): JsonSchema {
    return described({ type: 'string', enum: Object.keys(type.values) }, type.comment);
  }

  private messageSchema(type: protobuf.Type): JsonSchema {
    // A well-known type has a JSON mapping of its own, not its fields: one not in WELL_KNOWN yet
    // must be added there (Any is taken care of where a field holds it).
    if (type.fullName.startsWith('.google.protobuf.'))
      throw new Error(`no JSON mapping for ${type.fullName} here yet`);
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    if (this.packed.has(type)) {
      properties['@type'] = { const: `type.googleapis.com/${componentName(type)}` };
      required.push('@type');
    }
    for (const field of type.fieldsArray) properties[field.name] = this.fieldSchema(field);
    return described(
      { type: 'object', properties, ...(required.length > 0 && { required }) },
      type.comment,
    );
  }

  private fieldSchema(field: protobuf.Field): JsonSchema {
    field.resolve();
    const value = this.valueSchema(field);
    const schema: JsonSchema =
      field instanceof protobuf.MapField
        ? { type: 'object', additionalProperties: value }
        : field.repeated
          ? { type: 'array', items: value }
          : value;
    if (field.options?.deprecated) schema.deprecated = true;
    return described(schema, field.comment);
  }

  private valueSchema(field: protobuf.Field): JsonSchema {
    const resolved = field.resolvedType;
    if (resolved?.fullName === '.google.protobuf.Any') {
      if (this.packed.size === 0) throw new Error(`${field.fullName}: no types for Any`);
      return { oneOf: [...this.packed].map((type) => this.ref(type)) };
    }
    if (resolved) return this.ref(resolved);
    const scalar = SCALARS[field.type];
    if (!scalar) throw new Error(`${field.fullName}: no JSON mapping for ${field.type}`);
    return { ...scalar };
  }
}

/**
 * `schema` with a proto comment as its description. A schema that is only a `$ref` gets it too:
 * in 2020-12 (and so OpenAPI 3.1) `$ref` may have siblings.
 */
export function described(schema: JsonSchema, comment: string | null | undefined): JsonSchema {
  return comment && !schema.description ? { ...schema, description: comment } : schema;
}
