import type { ValueTransformer } from 'typeorm';

/**
 * A BIGINT read as a string on every database: mysql2 gives strings (`bigNumberStrings`), sql.js
 * gives numbers. Positions and sequences are compared and reported as strings throughout.
 */
const asString: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : String(value)),
};

export const bigint = { type: 'bigint', unsigned: true, transformer: asString } as const;

/** A BIGINT that fits a JavaScript number (a time step, a time in ms), read as a number. */
export const numericBigint = {
  type: 'bigint',
  transformer: {
    to: (value: unknown) => value,
    from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
  } satisfies ValueTransformer,
} as const;

/** Bytes read as a Buffer on every database: sql.js gives a plain Uint8Array. */
export const blob = {
  type: 'blob',
  transformer: {
    to: (value: unknown) => value,
    from: (value: unknown) =>
      value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value,
  } satisfies ValueTransformer,
} as const;
