import type { Gender } from '../../../shared/db/entities/user.entity.js';

/** A person's profile as a read answers it (identity.v1.Profile): a field never set is absent. */
export interface ProfileView {
  firstName: string;
  lastName: string;
  displayName: string;
  nickName?: string;
  preferredLanguage?: string;
  gender: Gender;
}

/** The profile columns of a user's read model row. */
export interface ProfileColumns {
  firstName: string;
  lastName: string;
  displayName: string;
  nickName: string | null;
  preferredLanguage: string | null;
  gender: Gender;
}

export function profileOf(row: ProfileColumns): ProfileView {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    ...(row.nickName !== null && { nickName: row.nickName }),
    ...(row.preferredLanguage !== null && { preferredLanguage: row.preferredLanguage }),
    gender: row.gender,
  };
}
