import fc from 'fast-check';
import { pathFields } from './call-encodings.js';
import { oddString } from './odd-values.arbitrary.js';
import type { ValidCall } from './valid-calls.arbitrary.js';

/**
 * Mutations that keep the message's shape and change only its strings, so the request gets past
 * the parsers and the schema and reaches the handler and the database: one string replaced by
 * an odd one, or every free-text string filled to its schema's maxLength with one character
 * (4-byte, case-changing, combining, a lone surrogate). A mutation of the structure would be
 * refused long before.
 */
export type StringLeafMutation =
  { op: 'odd-string'; at: number; value: string } | { op: 'at-limits'; character: string };

/** Characters of one code point each (ajv counts code points): the limit is exactly reached. */
const LIMIT_CHARACTERS = [
  'x',
  'é',
  'İ',
  'ß',
  'Σ',
  '😀',
  '𝔘',
  '\u{10ffff}',
  '\ud800',
  '\u0000',
  ' ',
  '\u200b',
];

export const stringLeafMutation: fc.Arbitrary<StringLeafMutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('odd-string' as const),
      at: fc.nat(),
      value: oddString,
    }),
  },
  fc.record({
    op: fc.constant('at-limits' as const),
    character: fc.constantFrom(...LIMIT_CHARACTERS),
  }),
);

interface Schema {
  type?: string;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  /** A number that JSON may give as a text too (an offset): no string field in protobuf. */
  anyOf?: Schema[];
}

/** The call's message with the mutation applied; the call itself is left as it was. */
export function applyStringLeafMutation(
  call: ValidCall,
  mutation: StringLeafMutation,
): Record<string, unknown> {
  const schema = call.operation.schema as Schema;
  if (mutation.op === 'at-limits') {
    // Not the path's fields: a project id of 200 characters names no project, and nothing is written.
    const inPath = pathFields(call.operation);
    const filled = mapStrings(call.message, schema, (value, leaf) =>
      leaf.maxLength !== undefined && !leaf.format && !leaf.enum
        ? mutation.character.repeat(leaf.maxLength)
        : value,
    ) as Record<string, unknown>;
    for (const name of inPath) filled[name] = call.message[name];
    return filled;
  }
  // Not a number given as a text (an offset as "12"): protobuf could not carry another text there.
  const textual = (leaf: Schema) => leaf.anyOf === undefined;
  let count = 0;
  mapStrings(call.message, schema, (value, leaf) => {
    if (textual(leaf)) count += 1;
    return value;
  });
  let index = 0;
  const target = count === 0 ? -1 : mutation.at % count;
  return mapStrings(call.message, schema, (value, leaf) =>
    textual(leaf) && index++ === target ? mutation.value : value,
  ) as Record<string, unknown>;
}

/** A copy with every string leaf replaced by `change(leaf, its schema)`, in document order. */
function mapStrings(
  value: unknown,
  schema: Schema | undefined,
  change: (value: string, leaf: Schema) => string,
): unknown {
  if (typeof value === 'string') return change(value, schema ?? {});
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, schema?.items, change));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        mapStrings(item, schema?.properties?.[key], change),
      ]),
    );
  }
  return value;
}
