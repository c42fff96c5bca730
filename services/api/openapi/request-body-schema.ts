import protobuf from 'protobufjs';
import { described, type JsonSchema } from './proto-json-schema.js';

/** Keywords whose values are data, not schemas: nothing in them is rewritten. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * A request schema of schemas/requests/ (JSON Schema draft-07, as the service validates with it)
 * as the body's schema in OpenAPI 3.1, whose schemas are JSON Schema 2020-12 and live at
 * `#/components/schemas/<name>`:
 * - `$schema` and `$id` go (the document sets the dialect; an `$id` would move the base of refs);
 * - `definitions` become `$defs`, and local `$ref`s point at where the schema now lives;
 * - `dependencies` become `dependentSchemas` and `dependentRequired`;
 * - array-form `items` becomes `prefixItems` (`additionalItems` then is `items`);
 * - the fields taken from the path are left out, they are parameters;
 * - each field without a description gets its proto comment (`type`, the request message).
 */
export function requestBodySchema(
  schema: object,
  name: string,
  type: protobuf.Type,
  pathFields: readonly string[],
): JsonSchema {
  const converted = rewrite(schema, `#/components/schemas/${pointerEscape(name)}`) as JsonSchema;
  delete converted.$schema;
  delete converted.$id;
  const properties = { ...(converted.properties as Record<string, JsonSchema>) };
  for (const field of pathFields) delete properties[field];
  converted.properties = properties;
  if (Array.isArray(converted.required)) {
    converted.required = converted.required.filter((field) => !pathFields.includes(field));
    if ((converted.required as string[]).length === 0) delete converted.required;
  }
  return describeFields(converted, type);
}

function rewrite(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, base));
  if (typeof value !== 'object' || value === null) return value;
  const result: JsonSchema = {};
  for (const [keyword, inner] of Object.entries(value)) {
    if (DATA_KEYWORDS.has(keyword)) result[keyword] = structuredClone(inner);
    else if (keyword === '$ref' && typeof inner === 'string' && inner.startsWith('#'))
      result.$ref = base + inner.slice(1).replace(/^\/definitions\//, '/$defs/');
    else if (keyword === 'definitions') result.$defs = rewrite(inner, base);
    else if (keyword === 'dependencies') {
      for (const [field, dependency] of Object.entries(inner as Record<string, unknown>)) {
        const target = Array.isArray(dependency) ? 'dependentRequired' : 'dependentSchemas';
        result[target] = { ...(result[target] as object), [field]: rewrite(dependency, base) };
      }
    } else if (keyword === 'items' && Array.isArray(inner))
      result.prefixItems = rewrite(inner, base);
    else if (keyword === 'additionalItems') result.items = rewrite(inner, base);
    else result[keyword] = rewrite(inner, base);
  }
  return result;
}

/** Adds the proto comment of each field to the schema's property of the same (JSON) name. */
function describeFields(schema: JsonSchema, type: protobuf.Type): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return schema;
  const withComments: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    const field = type.fields[name]?.resolve();
    let result = described(property, field?.comment);
    if (field?.resolvedType instanceof protobuf.Type) {
      result =
        field.repeated && result.items
          ? { ...result, items: describeFields(result.items as JsonSchema, field.resolvedType) }
          : describeFields(result, field.resolvedType);
    }
    withComments[name] = result;
  }
  return { ...schema, properties: withComments };
}

/** RFC 6901: a name as one segment of a JSON Pointer. */
const pointerEscape = (name: string): string => name.replace(/~/g, '~0').replace(/\//g, '~1');
