import schema from '../../../../schemas/requests/list-my-passkeys.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import { listMyPasskeys } from './list-my-passkeys.handler.js';
import type { ListMyPasskeysRequest, ListMyPasskeysResponse } from './list-my-passkeys.request.js';

export const listMyPasskeysOperation: Operation<ListMyPasskeysRequest, ListMyPasskeysResponse> = {
  grpc: { service: 'identity.auth.v1.AuthService', method: 'ListMyPasskeys' },
  http: { method: 'GET', path: '/auth/v1/users/me/passkeys' },
  permission: 'authenticated',
  schema,
  handle: listMyPasskeys,
};
