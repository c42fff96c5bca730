import fc from 'fast-check';
import { operations } from '../../services/api/operations/operations.js';
import { oddJsonValue, oddString } from './odd-values.arbitrary.js';

/**
 * Mutations of a JSON message: a field removed, a value replaced by one of another type or an odd
 * one, a field added (unknown, known from elsewhere, or a key with a meaning in JavaScript), a
 * value wrapped. `at` picks a node of the message modulo their number, so the mutation is data.
 * Applying never changes the values it is given (fast-check reuses them while shrinking).
 */
export type JsonMutation =
  | { op: 'remove'; at: number }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'add'; at: number; key: string; value: unknown }
  | { op: 'wrap'; at: number; into: 'array' | 'object' | 'string' };

type Path = (string | number)[];

/** Every field name of every request schema, in proto3 JSON and in the proto's own snake_case. */
const KNOWN_FIELDS = (() => {
  const names = new Set<string>();
  const walk = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const { properties, items } = schema as {
      properties?: Record<string, unknown>;
      items?: unknown;
    };
    for (const [name, child] of Object.entries(properties ?? {})) {
      names.add(name);
      names.add(name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
      walk(child);
    }
    walk(items);
  };
  for (const operation of operations) walk(operation.schema);
  return [...names];
})();

const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '@type',
  '$ref',
  '\u0000',
  '\ud800',
  'userName ',
  'USERNAME',
];

const fieldKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_KEYS) },
  { weight: 1, arbitrary: oddString.filter((key) => key.length < 300) },
);

export const jsonMutation: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('replace' as const),
      at: fc.nat(),
      value: oddJsonValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      at: fc.nat(),
      key: fieldKey,
      value: oddJsonValue,
    }),
  },
  fc.record({
    op: fc.constant('wrap' as const),
    at: fc.nat(),
    into: fc.constantFrom('array' as const, 'object' as const, 'string' as const),
  }),
);

/** The paths of the message's nodes, the root first, at most a few hundred of them. */
function nodePaths(root: unknown): Path[] {
  const paths: Path[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  while (pending.length > 0 && paths.length < 300) {
    const { value, path } = pending.shift()!;
    paths.push(path);
    if (Array.isArray(value))
      value.forEach((item, i) => pending.push({ value: item, path: [...path, i] }));
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value))
        pending.push({ value: item, path: [...path, key] });
    }
  }
  return paths;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

/** `root` with the node at `path` replaced by `change(node)`, copying only the containers on the way. */
function updateAt(root: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  if (path.length === 0) return change(root);
  const [key, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  defineOwn(copy, key!, updateAt(copy[key!], rest, change));
  return copy;
}

/** An own property even for `__proto__`, as JSON.parse makes it. */
function defineOwn(
  target: Record<string | number, unknown>,
  key: string | number,
  value: unknown,
): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function applyJsonMutations(message: unknown, mutations: readonly JsonMutation[]): unknown {
  let root = message;
  for (const mutation of mutations) {
    const paths = nodePaths(root);
    const path = paths[mutation.at % paths.length]!;
    switch (mutation.op) {
      case 'remove': {
        if (path.length === 0) break;
        const key = path.at(-1)!;
        root = updateAt(root, path.slice(0, -1), (parent) =>
          Array.isArray(parent)
            ? parent.filter((_, i) => i !== key)
            : Object.fromEntries(Object.entries(parent as object).filter(([name]) => name !== key)),
        );
        break;
      }
      case 'replace':
        root = updateAt(root, path, () => mutation.value);
        break;
      case 'add': {
        const objects = paths.filter((candidate) => isObject(getAt(root, candidate)));
        if (objects.length === 0) break;
        root = updateAt(root, objects[mutation.at % objects.length]!, (node) => {
          const copy = { ...(node as object) } as Record<string, unknown>;
          defineOwn(copy, mutation.key, mutation.value);
          return copy;
        });
        break;
      }
      case 'wrap':
        root = updateAt(root, path, (node) =>
          mutation.into === 'array'
            ? [node]
            : mutation.into === 'object'
              ? { value: node }
              : JSON.stringify(node),
        );
        break;
    }
  }
  return root;
}

/**
 * Changes to the JSON text that no value can make: a key given twice, nesting far deeper than
 * any value the client could stringify, a prefix (a BOM, an anti-XSSI guard) or trailing garbage.
 */
export type JsonTextMutation =
  | { op: 'duplicate-key'; key: string; value: unknown }
  | { op: 'deep'; depth: number; bracket: '[' | '{"a":' }
  | { op: 'around'; prefix: string; suffix: string };

export const jsonTextMutation: fc.Arbitrary<JsonTextMutation> = fc.oneof(
  fc.record({
    op: fc.constant('duplicate-key' as const),
    key: fc.constantFrom(...KNOWN_FIELDS),
    value: oddJsonValue,
  }),
  fc.record({
    op: fc.constant('deep' as const),
    depth: fc.constantFrom(100, 10_000, 100_000),
    bracket: fc.constantFrom('[' as const, '{"a":' as const),
  }),
  fc.record({
    op: fc.constant('around' as const),
    prefix: fc.constantFrom('', '\ufeff', ' \n\t', ")]}'\n", '\u0000', '[', 'null'),
    suffix: fc.constantFrom('', ' ', '\n', '}', ',', '{}', 'garbage', '\u0000', '\ufeff'),
  }),
);

/** The text with the mutation: insertions go just inside the first `{`, as the first member. */
export function applyJsonTextMutation(text: string, mutation: JsonTextMutation): string {
  const insert = (member: string) => {
    const brace = text.indexOf('{');
    return brace < 0
      ? member + text
      : `${text.slice(0, brace + 1)}${member},${text.slice(brace + 1)}`;
  };
  switch (mutation.op) {
    case 'duplicate-key':
      return insert(`${JSON.stringify(mutation.key)}:${JSON.stringify(mutation.value) ?? 'null'}`);
    case 'deep': {
      const close = mutation.bracket === '[' ? ']' : '}';
      return insert(
        `"deep":${mutation.bracket.repeat(mutation.depth)}1${close.repeat(mutation.depth)}`,
      );
    }
    case 'around':
      return `${mutation.prefix}${text}${mutation.suffix}`;
  }
}
