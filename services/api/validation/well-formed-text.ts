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
 * transport, so no such string reaches a handler, a row or an event. Walked with a stack of its
 * own, not by recursion: a body may nest arrays ten thousand deep.
 */
export function malformedText(body: unknown): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const pending: [value: unknown, path: string][] = [[body, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (NOT_WELL_FORMED.test(value)) violations.push({ field: path, description: DESCRIPTION });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push([value[index], `${path}[${index}]`]);
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value).reverse()) {
        const field = path ? `${path}.${printable(name)}` : printable(name);
        if (NOT_WELL_FORMED.test(name)) {
          violations.push({ field, description: 'is not a known field' });
        } else pending.push([item, field]);
      }
    }
  }
  return violations;
}

/** A field name fit for an error message: a lone surrogate cannot be sent as UTF-8. */
export function printable(name: string): string {
  return name.replace(/\p{Cs}/gu, '\uFFFD');
}
