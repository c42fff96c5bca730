/*
 * Generated from schemas/requests/end-my-user-session.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * DELETE /auth/v1/users/me/sessions/{id} (identity.auth.v1.EndMyUserSessionRequest): id from the path.
 */
export interface EndMyUserSessionRequest {
  /**
   * The session, from the path (a session's id as ListMyUserSessions answers it); one of another user is not found.
   */
  id: string;
}
