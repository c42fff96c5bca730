import { PersonalAccessToken } from '../../../../shared/db/entities/machine-user.entity.js';
import { newId } from '../../../../shared/ids.js';
import { newPersonalAccessToken } from '../../credentials/machine-credentials.js';
import type { DetailsResponse } from '../details.js';
import { honoringIfMatch } from '../if-match.js';
import { expirationOf, machineUserChange } from '../machine-user-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { AddPersonalAccessTokenRequest } from './add-personal-access-token.request.generated.js';

type AddPersonalAccessTokenResponse = DetailsResponse & { tokenId: string; token: string };

/**
 * Gives a machine user a personal access token, a bearer token for the API (`user.pat.added`, with
 * its id and expiry only): answered this once, kept only as its SHA-256.
 */
export const addPersonalAccessToken = honoringIfMatch(async function addPersonalAccessToken(
  context: OperationContext,
  request: AddPersonalAccessTokenRequest,
): Promise<AddPersonalAccessTokenResponse> {
  const expirationDate = expirationOf(request.expirationDate);
  const change = machineUserChange<
    AddPersonalAccessTokenRequest,
    { tokenId: string; token: string }
  >(({ transaction, machineUser }) => {
    const tokenId = newId();
    const { token, sha256 } = newPersonalAccessToken();
    transaction.insert(PersonalAccessToken, [
      {
        id: tokenId,
        userId: machineUser.id,
        tokenSha256: sha256,
        expirationDate,
        creationDate: new Date(),
      },
    ]);
    const payload = { tokenId, expirationDate: expirationDate.toISOString() };
    return { event: { type: 'user.pat.added', payload }, answer: { tokenId, token } };
  });
  return change(context, request);
});
