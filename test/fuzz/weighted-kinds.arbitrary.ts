import fc from 'fast-check';

type Of<T extends { kind: string }, K extends T['kind']> = Extract<T, { kind: K }>;

/** The arbitraries of a variant's fields other than `kind`; none for a variant of `kind` alone. */
type Fields<V> = { [F in Exclude<keyof V, 'kind'>]: fc.Arbitrary<V[F]> };

/**
 * A union tagged by `kind`, each variant drawn with its weight: `[weight]` for a kind alone,
 * `[weight, fields]` with the arbitraries of its other fields. Shrinking goes toward the first.
 */
export function weightedKinds<T extends { kind: string }>(variants: {
  [K in T['kind']]: [weight: number] | [weight: number, fields: Fields<Of<T, K>>];
}): fc.Arbitrary<T> {
  const choices = Object.entries(variants as Record<string, [number, object?]>).map(
    ([kind, [weight, fields]]) => ({
      weight,
      arbitrary: fc.record({ kind: fc.constant(kind), ...fields }),
    }),
  );
  return fc.oneof({ withCrossShrink: true }, ...choices) as unknown as fc.Arbitrary<T>;
}
