import type { Details } from '../details.js';

export type { ImportHumanUserRequest } from './import-human-user.request.generated.js';

export interface ImportHumanUserResponse {
  /** The new user's id. */
  userId: string;
  /** The position of the import's last event; the creation and change date are the import's. */
  details: Details;
  /** The request's externalId named a user imported before: that user, and nothing created. */
  alreadyExisted?: true;
  /** Only when the request asked for it (requestPasswordlessRegistration). */
  passwordlessRegistration?: {
    /** Where the user registers a passwordless authenticator; the code in it is never stored. */
    link: string;
    /** Deprecated: the duration, such as `3600s`. */
    lifetime: string;
    /** When the link stops working. */
    expiration: Date;
  };
}
