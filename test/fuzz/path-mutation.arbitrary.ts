import fc from 'fast-check';
import { oddString } from './odd-values.arbitrary.js';

/**
 * Odd request targets for the HTTP port: percent-encoding (valid, malformed, overlong, of a
 * surrogate), dot segments, doubled or trailing slashes, case, queries, a path segment replaced
 * by an odd value, very long paths, and random ones. Only what node:http sends: no spaces or
 * control characters (the client refuses them), latin1 at most.
 */
export type PathMutation =
  | { op: 'percent-encode'; at: number; upper: boolean }
  | { op: 'insert'; at: number; text: string }
  | { op: 'segment'; at: number; value: string }
  | { op: 'case'; upper: boolean }
  | { op: 'long'; length: number }
  | { op: 'random'; path: string };

const INSERTIONS = [
  '%',
  '%z',
  '%zz',
  '%2',
  '%00',
  '%2F',
  '%2f',
  '%5C',
  '%25',
  '%C0%AF',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '%u0041',
  '/..',
  '/.',
  '/../..',
  '//',
  '/./',
  ';x=1',
  '?',
  '#',
  '?a=1&a=2',
  '?__proto__[x]=1',
  '?id=x',
  '%20',
  '+',
  '\\',
  '*',
  'é',
  '\u00ff',
  '~',
  '/',
];

export const pathMutation: fc.Arbitrary<PathMutation> = fc.oneof(
  fc.record({ op: fc.constant('percent-encode' as const), at: fc.nat(), upper: fc.boolean() }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      at: fc.nat(),
      text: fc.constantFrom(...INSERTIONS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('segment' as const), at: fc.nat(), value: oddString }),
  },
  fc.record({ op: fc.constant('case' as const), upper: fc.boolean() }),
  fc.record({
    op: fc.constant('long' as const),
    length: fc.constantFrom(300, 2000, 8000, 20_000, 100_000),
  }),
  fc.record({ op: fc.constant('random' as const), path: fc.webPath() }),
);

/** Every byte of the UTF-8 (lone surrogates as U+FFFD) percent-encoded: always sendable. */
function percentEncodeAll(text: string): string {
  return [...Buffer.from(text)]
    .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');
}

/** What node:http refuses in a path (a client-side error, not a request) made sendable. */
const sendable = (path: string) =>
  path.replace(/[^\u0021-\u00ff]/g, (character) => percentEncodeAll(character));

export function applyPathMutation(path: string, mutation: PathMutation): string {
  // Positions after the leading `/`, so the target stays origin-form.
  const at = 'at' in mutation ? 1 + (mutation.at % path.length) : 1;
  switch (mutation.op) {
    case 'percent-encode': {
      if (path.length < 2) return path;
      const index = 1 + (mutation.at % (path.length - 1));
      const code = path.charCodeAt(index);
      if (code > 0xff) return path;
      const hex = code.toString(16).padStart(2, '0');
      return `${path.slice(0, index)}%${mutation.upper ? hex.toUpperCase() : hex}${path.slice(index + 1)}`;
    }
    case 'insert':
      return sendable(path.slice(0, at) + mutation.text + path.slice(at));
    case 'segment': {
      const segments = path.split('/');
      const index = 1 + (mutation.at % Math.max(1, segments.length - 1));
      segments[index] = percentEncodeAll(mutation.value.slice(0, 70_000));
      return segments.join('/');
    }
    case 'case':
      return mutation.upper ? path.toUpperCase() : path.toLowerCase();
    case 'long':
      return `${path}/${'a'.repeat(mutation.length)}`;
    case 'random':
      return sendable(mutation.path.startsWith('/') ? mutation.path : `/${mutation.path}`);
  }
}
