import { scimCall, SCIM_ERROR } from './scim-calls.js';

export { expectScimError } from './scim-calls.js';

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const ERROR = SCIM_ERROR;
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A SCIM call: `path` under /scim/v2/{orgId}, the body as application/scim+json. */
export const scim = scimCall;

/** A person as a directory sends one: a work email, Ada Lovelace's names, and `more`. */
export function person(userName: string, more: Record<string, unknown> = {}) {
  return {
    schemas: [USER],
    userName,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    emails: [{ value: `${userName}@example.com`, primary: true, type: 'work' }],
    ...more,
  };
}
