import type { ProfilePayload } from '../../../shared/events/event-types.js';
import { canonicalLanguageTag } from '../validation/formats.js';
import type { ImportHumanUserRequest } from './import-human-user/import-human-user.request.generated.js';

/**
 * The profile as both Import and Update My Profile receive it, in proto3 JSON names: Import's
 * profile, of which Update My Profile's request (displayName required) is a narrower case.
 */
export type ProfileInput = ImportHumanUserRequest['profile'];

/**
 * The stored form of a profile: absent and empty optional fields are null (a PUT clears what it
 * omits), the language tag canonical (`de-ch` → `de-CH`), displayName defaulted.
 */
export function normalizeProfile(input: ProfileInput): ProfilePayload {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    nickName: input.nickName || null,
    displayName: input.displayName || defaultDisplayName(input.firstName, input.lastName),
    preferredLanguage: input.preferredLanguage
      ? (canonicalLanguageTag(input.preferredLanguage) ?? null)
      : null,
    gender: input.gender ?? 'GENDER_UNSPECIFIED',
  };
}

/** The longest displayName, in characters as ajv and MySQL count them: code points. */
const DISPLAY_NAME_MAX_LENGTH = 200;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * "firstName lastName", which with both at their limit is longer than a displayName may be: then
 * cut to the characters that fit, between user-perceived characters (an accent stays with its
 * letter, a flag or an emoji sequence whole), trailing whitespace trimmed.
 */
function defaultDisplayName(firstName: string, lastName: string): string {
  const full = `${firstName} ${lastName}`;
  if (codePoints(full) <= DISPLAY_NAME_MAX_LENGTH) return full;
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(full)) {
    length += codePoints(segment);
    if (length > DISPLAY_NAME_MAX_LENGTH) break;
    kept += segment;
  }
  // A single cluster longer than the limit (hundreds of combining marks) is cut inside it.
  if (kept.trim() === '') kept = [...full].slice(0, DISPLAY_NAME_MAX_LENGTH).join('');
  return kept.trimEnd();
}

function codePoints(text: string): number {
  return [...text].length;
}

export function sameProfile(a: ProfilePayload, b: ProfilePayload): boolean {
  return (
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.nickName === b.nickName &&
    a.displayName === b.displayName &&
    a.preferredLanguage === b.preferredLanguage &&
    a.gender === b.gender
  );
}
