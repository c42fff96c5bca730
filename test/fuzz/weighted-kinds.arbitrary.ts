import fc from 'fast-check';

/** Each kind: its weight, and the arbitraries of its fields other than `kind` (if any). */
type Variants = Record<
  string,
  | readonly [weight: number]
  | readonly [weight: number, fields: Record<string, fc.Arbitrary<unknown>>]
>;

/** The union the variants draw: `{ kind }` with each field's drawn type. */
type KindsOf<V extends Variants> = {
  [K in keyof V & string]: { kind: K } & (V[K] extends readonly [number, infer Fields]
    ? { [F in keyof Fields]: Drawn<Fields[F]> }
    : unknown);
}[keyof V & string];

/** What an arbitrary draws. */
export type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

/**
 * A union tagged by `kind`, each variant drawn with its weight: `[weight]` for a kind alone,
 * `[weight, fields]` with the arbitraries of its other fields. Its type is the union they draw
 * (`Drawn<typeof it>`). Shrinking goes toward the first kind.
 */
export function weightedKinds<const V extends Variants>(variants: V): fc.Arbitrary<KindsOf<V>> {
  const choices = Object.entries(variants).map(([kind, [weight, fields]]) => ({
    weight,
    arbitrary: fc.record({ kind: fc.constant(kind), ...fields }),
  }));
  return fc.oneof({ withCrossShrink: true }, ...choices) as unknown as fc.Arbitrary<KindsOf<V>>;
}
