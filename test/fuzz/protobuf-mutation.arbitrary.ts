import fc from 'fast-check';
import { INVALID_UTF8 } from './byte-mutation.arbitrary.js';
import { oddString } from './odd-values.arbitrary.js';
import { nestedGroups, utf8, varint, type ProtoField } from './protobuf-fields.js';

/**
 * Mutations of a message at the wire level: a field removed or repeated, its wire type changed,
 * its payload replaced (bytes, invalid UTF-8, odd strings, huge or negative varints), an unknown
 * field added, a length prefix that lies, groups nested deep. `at` picks a field modulo their
 * number; messages are never changed in place.
 */
export type ProtoMutation =
  | { op: 'remove'; at: number }
  | { op: 'duplicate'; at: number }
  | { op: 'retype'; at: number; wire: number }
  | { op: 'bytes'; at: number; bytes: Uint8Array }
  | { op: 'text'; at: number; text: string }
  | { op: 'varint'; at: number; value: bigint }
  | { op: 'lie'; at: number; by: number }
  | { op: 'add'; at: number; field: ProtoField };

const FIELD_NUMBERS = [
  0,
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  15,
  16,
  19_000,
  2 ** 29 - 1,
  2 ** 29,
  2 ** 32,
];
const VARINTS = [0n, 1n, 2n, 3n, 4n, 99n, 2n ** 31n, 2n ** 32n, 2n ** 63n, 2n ** 64n - 1n, -1n];

const payloadBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 16 }),
  fc.constantFrom(...INVALID_UTF8),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...INVALID_UTF8))
    .map(([text, bad]) => Buffer.concat([Buffer.from(text), bad])),
);

const unknownField: fc.Arbitrary<ProtoField> = fc.oneof(
  fc.record({
    no: fc.constantFrom(...FIELD_NUMBERS),
    wire: fc.integer({ min: 0, max: 7 }),
    value: fc.oneof(fc.constantFrom(...VARINTS), payloadBytes),
  }),
  fc
    .tuple(fc.constantFrom(...FIELD_NUMBERS), fc.constantFrom(10, 1000, 100_000))
    .map(([no, depth]) => ({ no, wire: 3, value: [], raw: nestedGroups(no, depth) })),
  // A varint of 11 bytes: longer than any 64-bit value needs.
  fc.constantFrom(...FIELD_NUMBERS).map((no) => ({
    no,
    wire: 0,
    value: 0n,
    raw: Buffer.concat([varint(BigInt(no) << 3n), Buffer.alloc(10, 0xff), Buffer.from([0x01])]),
  })),
);

export const protoMutation: fc.Arbitrary<ProtoMutation> = fc.oneof(
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('retype' as const),
    at: fc.nat(),
    wire: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({ op: fc.constant('bytes' as const), at: fc.nat(), bytes: payloadBytes }),
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('text' as const), at: fc.nat(), text: oddString }),
  },
  fc.record({
    op: fc.constant('varint' as const),
    at: fc.nat(),
    value: fc.oneof(fc.constantFrom(...VARINTS), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n })),
  }),
  fc.record({
    op: fc.constant('lie' as const),
    at: fc.nat(),
    by: fc.constantFrom(-3, -1, 1, 2, 1000, 2 ** 31),
  }),
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('add' as const), at: fc.nat(), field: unknownField }),
  },
);

/** Index paths of every field, nested messages' fields included. */
function fieldPaths(fields: readonly ProtoField[], prefix: number[] = []): number[][] {
  return fields.flatMap((field, i) => {
    const path = [...prefix, i];
    return Array.isArray(field.value) && !field.raw
      ? [path, ...fieldPaths(field.value, path)]
      : [path];
  });
}

/** The message with the field at `path` replaced by what `change` returns (none, one or more). */
function updateAt(
  fields: readonly ProtoField[],
  path: readonly number[],
  change: (field: ProtoField) => ProtoField[],
): ProtoField[] {
  const [index, ...rest] = path;
  return fields.flatMap((field, i) => {
    if (i !== index) return [field];
    if (rest.length === 0) return change(field);
    return [{ ...field, value: updateAt(field.value as ProtoField[], rest, change) }];
  });
}

export function applyProtoMutations(
  message: readonly ProtoField[],
  mutations: readonly ProtoMutation[],
): ProtoField[] {
  let fields = [...message];
  for (const mutation of mutations) {
    const paths = fieldPaths(fields);
    if (mutation.op === 'add') {
      // Into the message itself or into one of its nested messages.
      const messages = [[], ...paths.filter((path) => isMessage(fields, path))];
      const target = messages[mutation.at % messages.length]!;
      fields =
        target.length === 0
          ? [...fields, mutation.field]
          : updateAt(fields, target, (field) => [
              { ...field, value: [...(field.value as ProtoField[]), mutation.field] },
            ]);
      continue;
    }
    if (paths.length === 0) continue;
    const path = paths[mutation.at % paths.length]!;
    fields = updateAt(fields, path, (field) => {
      switch (mutation.op) {
        case 'remove':
          return [];
        case 'duplicate':
          return [field, field];
        case 'retype':
          return [{ ...field, wire: mutation.wire }];
        case 'bytes':
          return [{ no: field.no, wire: 2, value: mutation.bytes }];
        case 'text':
          return [{ no: field.no, wire: 2, value: utf8(mutation.text) }];
        case 'varint':
          return [{ no: field.no, wire: 0, value: mutation.value }];
        case 'lie':
          return [{ ...field, wire: 2, lengthLie: mutation.by }];
      }
    });
  }
  return fields;
}

function isMessage(fields: readonly ProtoField[], path: readonly number[]): boolean {
  let field: ProtoField | undefined;
  let level: readonly ProtoField[] = fields;
  for (const index of path) {
    field = level[index];
    level = Array.isArray(field?.value) ? field.value : [];
  }
  return field !== undefined && field.wire === 2 && Array.isArray(field.value) && !field.raw;
}
