import { InitialSchema1763790000000 } from './1763790000000-initial-schema.js';
import { ReadModels1763800000000 } from './1763800000000-read-models.js';
import { CodeSentAt1763810000000 } from './1763810000000-code-sent-at.js';
import { ConsumerCursors1763820000000 } from './1763820000000-consumer-cursors.js';
import { UniqueNameKeysWider1763840000000 } from './1763840000000-unique-name-keys-wider.js';
import { OidcPayloads1763900000000 } from './1763900000000-oidc-payloads.js';
import { SignInFailures1763910000000 } from './1763910000000-sign-in-failures.js';
import { Passkeys1763920000000 } from './1763920000000-passkeys.js';
import { PasskeyCeremonies1763930000000 } from './1763930000000-passkey-ceremonies.js';
import { ProjectAccess1763940000000 } from './1763940000000-project-access.js';
import { LabelPolicies1763950000000 } from './1763950000000-label-policies.js';
import { UserGrantReadModels1763960000000 } from './1763960000000-user-grant-read-models.js';
import { ExternalIds1763970000000 } from './1763970000000-external-ids.js';
import { MachineUsers1763980000000 } from './1763980000000-machine-users.js';
import { MemberRoles1763990000000 } from './1763990000000-member-roles.js';
import { OidcStoredIds1764000000000 } from './1764000000000-oidc-stored-ids.js';
import { UserReadModelSearch1764010000000 } from './1764010000000-user-read-model-search.js';
import { OidcAccounts1764020000000 } from './1764020000000-oidc-accounts.js';
import { ProjectStates1764030000000 } from './1764030000000-project-states.js';
import { ReadIndexes1764040000000 } from './1764040000000-read-indexes.js';
import { UserSearchStates1764050000000 } from './1764050000000-user-search-states.js';
import { OrgNames1764060000000 } from './1764060000000-org-names.js';
import { OrgSequences1764070000000 } from './1764070000000-org-sequences.js';
import { IdentityProviders1764100000000 } from './1764100000000-identity-providers.js';
import { IdpConfigVersions1764101000000 } from './1764101000000-idp-config-versions.js';
import { PendingEmails1764300000000 } from './1764300000000-pending-emails.js';
import { AccountSessions1764400000000 } from './1764400000000-account-sessions.js';
import { UserDateIndexes1764510000000 } from './1764510000000-user-date-indexes.js';
import { UserMetadata1764530000000 } from './1764530000000-user-metadata.js';
import { EventEditors1764600000000 } from './1764600000000-event-editors.js';
import { UserSortIndexes1764610000000 } from './1764610000000-user-sort-indexes.js';
import { OrgUserCounts1764620000000 } from './1764620000000-org-user-counts.js';
/** Every migration, oldest first. A schema change is a new file here, never an edit of an old one. */
export const migrations = [
  InitialSchema1763790000000,
  ReadModels1763800000000,
  CodeSentAt1763810000000,
  ConsumerCursors1763820000000,
  UniqueNameKeysWider1763840000000,
  OidcPayloads1763900000000,
  SignInFailures1763910000000,
  Passkeys1763920000000,
  PasskeyCeremonies1763930000000,
  ProjectAccess1763940000000,
  LabelPolicies1763950000000,
  UserGrantReadModels1763960000000,
  ExternalIds1763970000000,
  MachineUsers1763980000000,
  MemberRoles1763990000000,
  OidcStoredIds1764000000000,
  UserReadModelSearch1764010000000,
  OidcAccounts1764020000000,
  ProjectStates1764030000000,
  ReadIndexes1764040000000,
  UserSearchStates1764050000000,
  OrgNames1764060000000,
  OrgSequences1764070000000,
  IdentityProviders1764100000000,
  IdpConfigVersions1764101000000,
  PendingEmails1764300000000,
  AccountSessions1764400000000,
  UserDateIndexes1764510000000,
  UserMetadata1764530000000,
  EventEditors1764600000000,
  UserSortIndexes1764610000000,
  OrgUserCounts1764620000000,
];
