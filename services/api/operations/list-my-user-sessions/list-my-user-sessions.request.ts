export type { ListMyUserSessionsRequest } from './list-my-user-sessions.request.generated.js';

/** A session as the caller sees it (identity.auth.v1.Session): never its cookie or a token. */
export interface SessionView {
  id: string;
  device: string;
  userAgent: string;
  address: string;
  signedInAt: Date;
  /** Absent when not known (a session older than the record). */
  lastUsedAt?: Date;
  current: boolean;
}

export interface ListMyUserSessionsResponse {
  result: SessionView[];
}
