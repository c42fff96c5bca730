import type { Details } from '../details.js';

export type { VerifyMyAuthFactorOTPRequest } from './verify-my-auth-factor-otp.request.generated.js';

export interface VerifyMyAuthFactorOTPResponse {
  details: Details;
}
