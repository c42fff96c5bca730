import fc from 'fast-check';

/**
 * Mutations of raw bytes, for JSON text and protobuf alike: cut short, bytes inserted, changed or
 * removed. Positions are drawn as plain numbers and taken modulo the length when applied, so a
 * mutation is data that fast-check can shrink on its own.
 */
export type ByteMutation =
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'overwrite'; at: number; byte: number }
  | { op: 'delete'; at: number; length: number };

/** Byte sequences that are not UTF-8: stray continuation, overlong, surrogate, past U+10FFFF, cut. */
export const INVALID_UTF8 = [
  [0x80],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
].map((bytes) => Uint8Array.from(bytes));

const JSON_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\\',
  '\\u',
  '\\ud800',
  '\\udc00\\ud800',
  '\\x41',
  '\u0000',
  'NaN',
  '-Infinity',
  '1e99999',
  '-0',
  '0x10',
  '.5',
  '01',
  'null',
  'undefined',
  '//',
  '/*',
  "'",
  ' ',
  '\n',
].map((token) => Buffer.from(token));

const insertedBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 8 }),
  fc.constantFrom(...INVALID_UTF8),
  fc.constantFrom(...JSON_TOKENS),
);

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: insertedBytes }),
  fc.record({
    op: fc.constant('overwrite' as const),
    at: fc.nat(),
    byte: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({
    op: fc.constant('delete' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 8 }),
  }),
);

export function applyByteMutations(
  bytes: Uint8Array,
  mutations: readonly ByteMutation[],
): Uint8Array {
  let out = Buffer.from(bytes);
  for (const mutation of mutations) {
    const at = mutation.at % (out.length + 1);
    switch (mutation.op) {
      case 'truncate':
        out = out.subarray(0, at);
        break;
      case 'insert':
        out = Buffer.concat([out.subarray(0, at), mutation.bytes, out.subarray(at)]);
        break;
      case 'overwrite':
        if (at < out.length) {
          out = Buffer.from(out);
          out[at] = mutation.byte;
        }
        break;
      case 'delete':
        out = Buffer.concat([out.subarray(0, at), out.subarray(at + mutation.length)]);
        break;
    }
  }
  return out;
}
