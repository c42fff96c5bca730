import type { FieldViolation } from '../../../shared/errors/service-error.js';

/**
 * An unpaired surrogate, which no UTF-8 can carry (MySQL's `json_valid` refuses the event that
 * holds one), or U+FFFD, which the decoders put where the bytes were not UTF-8: protobufjs and
 * body-parser decode invalid UTF-8, and CESU-8 surrogates, to it without failing.
 */
const NOT_WELL_FORMED = /[\p{Cs}\uFFFD]/u;

const DESCRIPTION =
  'must be well-formed Unicode text (valid UTF-8: no unpaired surrogates, no U+FFFD replacement characters)';

/**
 * Every string in a request, at any depth, that is not well-formed text, by its field path
 * (`profile.firstName`, `idps[1].externalUserId`). Checked before the schema, whatever the
 * transport, so no such string reaches a handler, a row or an event.
 */
export function malformedText(value: unknown, path = ''): FieldViolation[] {
  if (typeof value === 'string') {
    return NOT_WELL_FORMED.test(value) ? [{ field: path, description: DESCRIPTION }] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => malformedText(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([name, item]) => {
      const field = path ? `${path}.${printable(name)}` : printable(name);
      return NOT_WELL_FORMED.test(name)
        ? [{ field, description: 'is not a known field' }]
        : malformedText(item, field);
    });
  }
  return [];
}

/** A field name fit for an error message: a lone surrogate cannot be sent as UTF-8. */
export function printable(name: string): string {
  return name.replace(/\p{Cs}/gu, '\uFFFD');
}
