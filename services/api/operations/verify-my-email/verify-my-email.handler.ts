import { ServiceError } from '../../../../shared/errors/service-error.js';
import { redeemEmailVerificationCode } from '../../accounts/email-verification.js';
import { findInitializationCode } from '../../accounts/initialization-code.js';
import { updateDetails, type DetailsResponse } from '../details.js';
import type { OperationContext } from '../operation.js';
import type { VerifyMyEmailRequest } from './verify-my-email.request.generated.js';

export const emailCodeInvalid = (): ServiceError => new ServiceError('USER-EMAIL-CODE-INVALID');

/**
 * Verifies with the code of the caller's verification link what the link's page verifies: the
 * address waiting becomes the email, or the unverified email is verified. A code that is none of
 * the caller's, used or expired is refused alike.
 */
export async function verifyMyEmail(
  { deps, caller }: OperationContext,
  { code }: VerifyMyEmailRequest,
): Promise<DetailsResponse> {
  const { dataSource } = deps;
  const found = await findInitializationCode(dataSource, caller.userId, code, 'email_verification');
  if (!('codeId' in found) || found.state !== 'valid') throw emailCodeInvalid();
  const input = { userId: caller.userId, codeId: found.codeId, code };
  const redeemed = await redeemEmailVerificationCode(dataSource, input);
  if (typeof redeemed === 'string') throw emailCodeInvalid();
  return { details: updateDetails({ ...redeemed.changed, orgId: caller.orgId }) };
}
