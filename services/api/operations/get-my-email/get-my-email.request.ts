import type { Details } from '../details.js';

export type { GetMyEmailRequest } from './get-my-email.request.generated.js';

export interface GetMyEmailResponse {
  details: Details;
  /** The email the person signs in and is known by (userinfo's `email`), and whether verified. */
  email: { email: string; isEmailVerified: boolean };
  /** The address asked for (SetMyEmail), waiting for its verification link; absent when none. */
  pendingEmail?: string;
}
