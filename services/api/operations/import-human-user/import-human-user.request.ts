import type { Details } from '../details.js';
import type { ProfileInput } from '../profile.js';

/** identity.management.v1.ImportHumanUserRequest in proto3 JSON, as its schema admits it. */
export interface ImportHumanUserRequest {
  userName: string;
  profile: ProfileInput;
  email: { email: string; isEmailVerified?: boolean };
  phone?: { phone: string; isPhoneVerified?: boolean };
  password?: string;
  hashedPassword?: { value: string };
  passwordChangeRequired?: boolean;
  requestPasswordlessRegistration?: boolean;
  otpCode?: string;
  idps?: { configId: string; externalUserId: string; displayName?: string }[];
}

export interface ImportHumanUserResponse {
  userId: string;
  details: Details;
  passwordlessRegistration?: {
    link: string;
    /** Deprecated: the duration, such as `3600s`. */
    lifetime: string;
    expiration: Date;
  };
}
