import fc from 'fast-check';

/**
 * The values a careless or hostile caller puts where a field is expected: strings at and around
 * every length limit of the schemas, characters that databases, encoders and regular expressions
 * trip on, and every other JSON type.
 */

/** Lengths around the schemas' limits (10, 50, 128, 200, 256, 320, 1024) and a few beyond. */
const LIMIT_LENGTHS = [
  0, 1, 2, 9, 10, 11, 49, 50, 51, 127, 128, 129, 199, 200, 201, 255, 256, 257, 319, 320, 321, 400,
  1023, 1024, 1025, 4096,
];
/** Past the 1 MiB body limit (and past grpc-js's 4 MiB message limit). */
const HUGE_LENGTHS = [65_536, 1024 * 1024 + 1, 4 * 1024 * 1024 + 1];

/**
 * One character each: lone surrogates, controls (NUL, DEL, C1), line and paragraph separators,
 * zero-width, bidi overrides, BOM, non-characters, 4-byte characters, combining marks, characters
 * whose case mapping changes their length (İ, ß, ﬃ), and the ones that mean something somewhere.
 */
const ODD_CHARACTERS = [
  'a',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ufdd0',
  'é',
  'e\u0301',
  'İ',
  'ß',
  'ﬃ',
  'Σ',
  '😀',
  '👩‍👩‍👧',
  '𝔘',
  '\u{10ffff}',
  '\u{e0001}',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\\',
  '"',
  "'",
  '`',
  '%',
  '%00',
  '$',
  '{',
  '}',
  '<',
  '/',
  '.',
  '@',
  '+',
  '*',
  '?',
  '[',
] as const;

const oddCharacter = fc.constantFrom(...ODD_CHARACTERS);

/** Strings that look almost like what a field wants. */
const NEAR_MISSES = [
  '',
  ' ',
  '   ',
  '\t\n',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e999',
  'NaN',
  '[object Object]',
  '@',
  'a@',
  '@b',
  'a@b',
  'a@b.',
  'jane@example.com ',
  ' jane@example.com',
  'jane@@example.com',
  'jane@exa mple.com',
  'jane@[127.0.0.1]',
  '"jane"@example.com',
  '+',
  '+41',
  '+41 79',
  '+41 79 123 45 67 89 01 23',
  'tel:',
  'tel:+',
  '+٤١٧٩١٢٣٤٥٦٧',
  '00417912345678',
  'de-',
  'x-',
  '-de',
  'de_CH',
  'i-klingon',
  'en-US-u-islamcal',
  'zh-Hant-CN-x-private1',
  'qaa-Qaaa-QM-x-southern',
  'AAAAAAAAAAAAAAAA',
  'aaaa aaaa',
  'JBSWY3DPEHPK3PX=',
  'JBSWY3DPEHPK3PXP====',
  '$2a$10$',
  '$2a$99$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
  '$argon2id$v=19$m=4294967295,t=4294967295,p=255$c2FsdA$aGFzaA',
  '$argon2id$v=19$m=1,t=1,p=1$$',
  '$scrypt$ln=64,r=8,p=1$c2FsdA$aGFzaA',
  '$pbkdf2-sha256$4294967295$c2FsdA$aGFzaA',
  '$5$rounds=999999999$salt$hash',
  '$6$rounds=1$salt$',
  '$1$$',
  '$$$$',
  'GENDER_FEMALE ',
  'gender_female',
  'GENDER_UNKNOWN',
  'PRIVATE_LABELING_SETTING_',
  '00000000-0000-0000-0000-000000000000',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%s%s%s%n',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
];

/** A string chosen to break something: odd characters, at a limit, huge, or a near miss. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 48, arbitrary: fc.string({ unit: oddCharacter, maxLength: 12 }) },
  { weight: 32, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 32, arbitrary: fc.constantFrom(...NEAR_MISSES) },
  {
    weight: 48,
    arbitrary: fc
      .tuple(oddCharacter, fc.constantFrom(...LIMIT_LENGTHS))
      .map(([character, length]) => character.repeat(length)),
  },
  {
    weight: 32,
    // A valid-looking value padded to a limit with one odd character in it.
    arbitrary: fc
      .tuple(oddCharacter, fc.constantFrom(...LIMIT_LENGTHS), fc.nat())
      .map(([character, length, at]) => {
        const padded = 'x'.repeat(length);
        const index = length === 0 ? 0 : at % length;
        return padded.slice(0, index) + character + padded.slice(index + 1);
      }),
  },
  // Rare: each costs the client and the service a few milliseconds to megabytes.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '😀', '\ud800', ' '), fc.constantFrom(...HUGE_LENGTHS))
      .map(([character, length]) => character.repeat(length)),
  },
);

const ODD_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e-7,
  1e21,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  -(2 ** 63),
  Number.MAX_VALUE,
];

/** Nested arrays or objects `depth` deep, built without recursion. */
function nested(depth: number, inArrays: boolean): unknown {
  let value: unknown = inArrays ? [] : {};
  for (let i = 1; i < depth; i++) value = inArrays ? [value] : { a: value };
  return value;
}

/** Any JSON value a field could wrongly get: other types, odd strings, nested containers. */
export const oddJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(oddString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(2, 10, 100, 1000, 3000), fc.boolean())
      .map(([depth, inArrays]) => nested(depth, inArrays)),
  },
);

/** Characters node:http sends in a header value: tab, printable ASCII and latin1. */
const headerCharacter = (latin1: boolean) =>
  fc
    .oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      ...(latin1
        ? [
            { weight: 1, arbitrary: fc.constant(0x09) },
            { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
          ]
        : []),
    )
    .map((code) => String.fromCharCode(code));

/**
 * A header value as a client can send it: over HTTP/1.1 latin1 without CR or LF, over gRPC
 * printable ASCII only (grpc-js refuses anything else in a text metadata value).
 */
export function oddHeaderText(latin1: boolean): fc.Arbitrary<string> {
  const unit = headerCharacter(latin1);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(unit, fc.constantFrom(...LIMIT_LENGTHS))
        .map(([character, length]) => character.repeat(length)),
    },
    // Over the 16 KiB that node:http reads of the headers, and over grpc-js's 8 KiB of metadata.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(8 * 1024, 16 * 1024, 64 * 1024)
        .map((length) => 'a'.repeat(length)),
    },
  );
}

/** One draw in `inEvery` has it; shrinking tries without it first. */
export const sometimes = <T>(
  arbitrary: fc.Arbitrary<T>,
  inEvery: number,
): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { withCrossShrink: true },
    { weight: inEvery - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary },
  );
