import type { Request } from 'express';

/**
 * A posted form's fields as the page declares them (`{userName: 200}`: each field's name and its
 * longest value): every field a string, '' when it is absent or not a string, cut at its length.
 * What the person typed is never trusted to have a shape.
 */
export function formOf<Fields extends Record<string, number>>(
  request: Request,
  fields: Fields,
): { [Name in keyof Fields]: string } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const read = {} as Record<string, string>;
  for (const [name, longest] of Object.entries(fields)) {
    const value = body[name];
    read[name] = typeof value === 'string' ? [...value].slice(0, longest).join('') : '';
  }
  return read as { [Name in keyof Fields]: string };
}

/** A query's fields the same way (a link's `userID`, `code`, …). */
export function queryOf<Fields extends Record<string, number>>(
  request: Request,
  fields: Fields,
): { [Name in keyof Fields]: string } {
  return formOf({ body: request.query } as unknown as Request, fields);
}
