import express, { type Request, type Router } from 'express';
import type { Logger } from '../../../shared/logging/logger.js';
import type { Caller, Dependencies } from '../operations/operation.js';
import type { OperationPipeline } from '../pipeline/operation-pipeline.js';
import { jsonEndpoint, text } from './json-endpoint.js';
import { reauthenticationRequired } from './passkey-errors.js';
import { Passkeys } from './passkeys.js';

/** The caller's passkeys, as JSON for the profile page (bearer token, like the operations). */
export const MY_PASSKEYS_PATH = '/auth/v1/users/me/passkeys';

/**
 * The profile page's passkeys: list (`GET`), rename (`PUT …/{id}` with `{name}`), remove
 * (`DELETE …/{id}`), and add another (`POST …/_start-registration`, then
 * `…/_finish-registration` with `{ceremonyId, credential, name}`). Adding needs a recent sign-in:
 * the token's `auth_time` at most PASSKEY_REAUTH_SECONDS old, else REAUTHENTICATION-REQUIRED,
 * and the page signs the person in again (`max_age=0`). Each change is an event of the user.
 */
export function profilePasskeyRoutes(
  deps: Dependencies & { logger: Logger },
  pipeline: OperationPipeline,
): Router {
  const passkeys = new Passkeys(deps.config, deps.dataSource);
  const router = express.Router();
  const caller = (request: Request) => pipeline.authenticated(request.get('authorization'));
  const recentlySignedIn = async (request: Request): Promise<Caller> => {
    const found = await caller(request);
    const now = Math.floor(Date.now() / 1000);
    if (found.authTime === undefined || now - found.authTime > deps.config.passkeys.reauthSeconds)
      throw reauthenticationRequired();
    return found;
  };
  const endpoint = (work: (request: Request, body: Record<string, unknown>) => Promise<object>) =>
    jsonEndpoint(undefined, deps.logger, work);

  router.get(
    MY_PASSKEYS_PATH,
    ...endpoint(async (request) => ({
      passkeys: await passkeys.list((await caller(request)).userId),
    })),
  );
  router.put(
    `${MY_PASSKEYS_PATH}/:id`,
    ...endpoint(async (request, body) => {
      const { userId } = await caller(request);
      const name = typeof body.name === 'string' ? body.name : undefined;
      return { details: await passkeys.rename(userId, String(request.params.id), name ?? '') };
    }),
  );
  router.delete(
    `${MY_PASSKEYS_PATH}/:id`,
    ...endpoint(async (request) => {
      const { userId } = await caller(request);
      return { details: await passkeys.remove(userId, String(request.params.id)) };
    }),
  );
  router.post(
    `${MY_PASSKEYS_PATH}/_start-registration`,
    ...endpoint(async (request) =>
      passkeys.startRegistration((await recentlySignedIn(request)).userId),
    ),
  );
  router.post(
    `${MY_PASSKEYS_PATH}/_finish-registration`,
    ...endpoint(async (request, body) => {
      const { userId } = await recentlySignedIn(request);
      const name = text(body.name).trim();
      const passkey = await passkeys.finishRegistration(
        userId,
        text(body.ceremonyId),
        body.credential,
        name === '' ? undefined : name,
      );
      return { passkey };
    }),
  );
  return router;
}
