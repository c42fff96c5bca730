import type { Request } from 'express';

type Read<Fields> = { [Name in keyof Fields]: string };

/**
 * The fields a page declares (`{userName: 200}`: each field's name and its longest value), read
 * from `source`: every field a string, '' when it is absent or not a string, cut at its length.
 * What the person typed is never trusted to have a shape.
 */
function fieldsOf<Fields extends Record<string, number>>(
  source: Record<string, unknown>,
  fields: Fields,
): Read<Fields> {
  const read = {} as Record<string, string>;
  for (const [name, longest] of Object.entries(fields)) {
    const value = source[name];
    read[name] = typeof value === 'string' ? [...value].slice(0, longest).join('') : '';
  }
  return read as Read<Fields>;
}

/** A posted form's declared fields. */
export function formOf<Fields extends Record<string, number>>(
  request: Request,
  fields: Fields,
): Read<Fields> {
  return fieldsOf((request.body ?? {}) as Record<string, unknown>, fields);
}

/** A query's declared fields (a link's `userID`, `code`, …). */
export function queryOf<Fields extends Record<string, number>>(
  request: Request,
  fields: Fields,
): Read<Fields> {
  return fieldsOf(request.query as Record<string, unknown>, fields);
}
