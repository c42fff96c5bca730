import type { ValueTransformer } from 'typeorm';

/**
 * A BIGINT read as a string on every database: mysql2 gives strings (`bigNumberStrings`),
 * better-sqlite3 gives numbers. Positions and sequences are compared and reported as strings
 * throughout.
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

/** Bytes, read as a Buffer by mysql2 and better-sqlite3 alike. */
export const blob = { type: 'blob' } as const;
