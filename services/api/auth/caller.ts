/** The authenticated caller: the user named by the token's `sub`, and that user's organization. */
export interface Caller {
  userId: string;
  orgId: string;
  /** When the person last signed in (the token's `auth_time`, seconds), where the token says. */
  authTime?: number;
  /** The provider's session the token comes from (its `sid`, a session uid), where it says. */
  sessionId?: string;
  /** Set for a machine user (a service account), which has no person's profile or passkeys. */
  machine?: true;
}
