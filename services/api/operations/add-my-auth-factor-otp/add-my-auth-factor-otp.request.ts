import type { Details } from '../details.js';

export type { AddMyAuthFactorOTPRequest } from './add-my-auth-factor-otp.request.generated.js';

export interface AddMyAuthFactorOTPResponse {
  /** `otpauth://totp/…`, for the QR code an authenticator app scans. */
  url: string;
  /** The secret in base32, answered this once. */
  secret: string;
  details: Details;
}
