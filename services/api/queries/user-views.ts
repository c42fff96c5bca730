import { profileOf, type ProfileView } from './profiles.js';
import { flag, readDetailsOf, type ReadDetails, type ReadModelRow } from './read-details.js';

/** A user as a read answers it (identity.v1.User). */
export interface UserView {
  id: string;
  details: ReadDetails;
  state: UserState;
  userName: string;
  loginNames: string[];
  preferredLoginName: string;
  human?: {
    profile: ProfileView;
    email: { email: string; isEmailVerified: boolean };
    phone?: { phone: string; isPhoneVerified: boolean };
  };
  machine?: { name: string; description: string; hasSecret: boolean };
  externalId?: string;
}

/** A state as a read names it, from the read model's; the others no user is in here. */
export const STATE_NAMES = {
  active: 'USER_STATE_ACTIVE',
  inactive: 'USER_STATE_INACTIVE',
  locked: 'USER_STATE_LOCKED',
} as const;

export type UserState =
  | (typeof STATE_NAMES)[keyof typeof STATE_NAMES]
  | 'USER_STATE_UNSPECIFIED'
  | 'USER_STATE_DELETED'
  | 'USER_STATE_SUSPEND'
  | 'USER_STATE_INITIAL';

/** A row of `user_read_models` as the driver answers it. */
export interface UserRow extends ReadModelRow {
  type: string;
  user_name: string;
  external_id: string | null;
  state: string;
  first_name: string;
  last_name: string;
  nick_name: string | null;
  display_name: string;
  preferred_language: string | null;
  gender: string;
  email: string;
  email_verified: number | boolean;
  phone: string | null;
  phone_verified: number | boolean;
  machine_name: string | null;
  machine_description: string | null;
  has_secret: number | boolean;
}

/** The columns of `user_read_models` a user is shown from: a `UserRow`'s. */
export const USER_COLUMNS = [
  'id',
  'org_id',
  'sequence',
  'creation_date',
  'change_date',
  'type',
  'user_name',
  'external_id',
  'state',
  'first_name',
  'last_name',
  'nick_name',
  'display_name',
  'preferred_language',
  'gender',
  'email',
  'email_verified',
  'phone',
  'phone_verified',
  'machine_name',
  'machine_description',
  'has_secret',
].join(', ');

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    details: readDetailsOf(row),
    state: STATE_NAMES[row.state as keyof typeof STATE_NAMES] ?? 'USER_STATE_UNSPECIFIED',
    userName: row.user_name,
    loginNames: [row.user_name],
    preferredLoginName: row.user_name,
    ...(row.type === 'machine'
      ? {
          machine: {
            name: row.machine_name ?? '',
            description: row.machine_description ?? '',
            hasSecret: flag(row.has_secret),
          },
        }
      : {
          human: {
            profile: profileOf({
              firstName: row.first_name,
              lastName: row.last_name,
              displayName: row.display_name,
              nickName: row.nick_name,
              preferredLanguage: row.preferred_language,
              gender: row.gender as ProfileView['gender'],
            }),
            email: { email: row.email, isEmailVerified: flag(row.email_verified) },
            ...(row.phone !== null && {
              phone: { phone: row.phone, isPhoneVerified: flag(row.phone_verified) },
            }),
          },
        }),
    ...(row.external_id !== null && { externalId: row.external_id }),
  };
}
