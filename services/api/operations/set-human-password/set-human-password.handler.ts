import { invalidArgument } from '../../../../shared/errors/service-error.js';
import { humanUserChange, storedPassword } from '../human-user-aggregate.js';
import { honoringIfMatch } from '../if-match.js';
import type { OperationContext } from '../operation.js';
import type { SetHumanPasswordRequest } from './set-human-password.request.generated.js';

const setHash = humanUserChange<
  SetHumanPasswordRequest & { stored: { passwordHash: string; passwordImported: boolean } }
>(({ request }) => {
  const changeRequired = !request.noChangeRequired;
  const { passwordHash, passwordImported: imported } = request.stored;
  return {
    event: { type: 'user.human.password.set', payload: { changeRequired, imported } },
    columns: { passwordHash, passwordChangeRequired: changeRequired },
  };
});

/**
 * Sets a person's password (`user.human.password.set`): one in clear, checked against the policy
 * by the schema and hashed before the transaction opens (argon2id takes tens of milliseconds on
 * the thread pool, and no connection should wait on it), or a hash of another system as
 * ImportHumanUser takes one. The person must change it at the next sign-in unless
 * `noChangeRequired`.
 */
export const setHumanPassword = honoringIfMatch(
  async (context: OperationContext, request: SetHumanPasswordRequest) => {
    const { passwordHash, passwordImported } = await storedPassword(context.deps.config, request);
    if (passwordHash === null)
      throw invalidArgument([
        { field: 'password', description: 'give password or hashedPassword' },
      ]);
    return setHash(context, { ...request, stored: { passwordHash, passwordImported } });
  },
);
