import type { Details } from '../details.js';

export type { RemoveMyAuthFactorOTPRequest } from './remove-my-auth-factor-otp.request.generated.js';

export interface RemoveMyAuthFactorOTPResponse {
  details: Details;
}
