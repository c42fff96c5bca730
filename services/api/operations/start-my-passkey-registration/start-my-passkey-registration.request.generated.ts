/*
 * Generated from schemas/requests/start-my-passkey-registration.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/passkeys/_start-registration (identity.auth.v1.StartMyPasskeyRegistrationRequest): no fields.
 */
export type StartMyPasskeyRegistrationRequest = Record<string, never>;
