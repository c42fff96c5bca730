import type { Gender } from '../../../shared/db/entities/user.entity.js';
import type { ProfilePayload } from '../../../shared/events/event-types.js';
import { canonicalLanguageTag } from '../validation/formats.js';

/** The profile as both Import and Update My Profile receive it, in proto3 JSON names. */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  nickName?: string;
  displayName?: string;
  preferredLanguage?: string;
  gender?: Gender;
}

/**
 * The stored form of a profile: absent and empty optional fields are null (a PUT clears what it
 * omits), the language tag canonical (`de-ch` → `de-CH`), displayName defaulted.
 */
export function normalizeProfile(input: ProfileInput): ProfilePayload {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    nickName: input.nickName || null,
    displayName: input.displayName || `${input.firstName} ${input.lastName}`,
    preferredLanguage: input.preferredLanguage
      ? (canonicalLanguageTag(input.preferredLanguage) ?? null)
      : null,
    gender: input.gender ?? 'GENDER_UNSPECIFIED',
  };
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
