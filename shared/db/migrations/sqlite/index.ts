import { EmbeddedSchema1763830000000 } from './1763830000000-embedded-schema.js';
import { EmbeddedOidcPayloads1763900000000 } from './1763900000000-oidc-payloads.js';
import { EmbeddedSignInFailures1763910000000 } from './1763910000000-sign-in-failures.js';
import { EmbeddedPasskeys1763920000000 } from './1763920000000-passkeys.js';
import { EmbeddedPasskeyCeremonies1763930000000 } from './1763930000000-passkey-ceremonies.js';
import { EmbeddedProjectAccess1763940000000 } from './1763940000000-project-access.js';
import { EmbeddedLabelPolicies1763950000000 } from './1763950000000-label-policies.js';
import { EmbeddedUserGrantReadModels1763960000000 } from './1763960000000-user-grant-read-models.js';
import { EmbeddedExternalIds1763970000000 } from './1763970000000-external-ids.js';
import { EmbeddedMachineUsers1763980000000 } from './1763980000000-machine-users.js';
import { EmbeddedMemberRoles1763990000000 } from './1763990000000-member-roles.js';
import { OidcStoredIds1764000000000 } from '../1764000000000-oidc-stored-ids.js';
import { EmbeddedUserReadModelSearch1764010000000 } from './1764010000000-user-read-model-search.js';
import { EmbeddedOidcAccounts1764020000000 } from './1764020000000-oidc-accounts.js';
import { EmbeddedProjectStates1764030000000 } from './1764030000000-project-states.js';
import { ReadIndexes1764040000000 } from '../1764040000000-read-indexes.js';
import { UserSearchStates1764050000000 } from '../1764050000000-user-search-states.js';
import { PendingEmails1764300000000 } from '../1764300000000-pending-emails.js';
import { EmbeddedOrgNames1764060000000 } from './1764060000000-org-names.js';
import { EmbeddedOrgSequences1764070000000 } from './1764070000000-org-sequences.js';
import { EmbeddedIdentityProviders1764100000000 } from './1764100000000-identity-providers.js';
import { EmbeddedIdpConfigVersions1764101000000 } from './1764101000000-idp-config-versions.js';
import { EmbeddedAccountSessions1764400000000 } from './1764400000000-account-sessions.js';
import { UserDateIndexes1764510000000 } from '../1764510000000-user-date-indexes.js';
import { EmbeddedUserMetadata1764530000000 } from './1764530000000-user-metadata.js';
import { EmbeddedEventEditors1764600000000 } from './1764600000000-event-editors.js';
import { UserSortIndexes1764610000000 } from '../1764610000000-user-sort-indexes.js';
import { OrgUserCounts1764620000000 } from '../1764620000000-org-user-counts.js';
/** The embedded SQLite database's migrations, oldest first; each schema change has one here too. */
export const sqliteMigrations = [
  EmbeddedSchema1763830000000,
  EmbeddedOidcPayloads1763900000000,
  EmbeddedSignInFailures1763910000000,
  EmbeddedPasskeys1763920000000,
  EmbeddedPasskeyCeremonies1763930000000,
  EmbeddedProjectAccess1763940000000,
  EmbeddedLabelPolicies1763950000000,
  EmbeddedUserGrantReadModels1763960000000,
  EmbeddedExternalIds1763970000000,
  EmbeddedMachineUsers1763980000000,
  EmbeddedMemberRoles1763990000000,
  // One statement both databases know: the MySQL migration serves here as it is.
  OidcStoredIds1764000000000,
  EmbeddedUserReadModelSearch1764010000000,
  EmbeddedOidcAccounts1764020000000,
  EmbeddedProjectStates1764030000000,
  // The same statements on both databases: the MySQL migration serves here as it is.
  ReadIndexes1764040000000,
  UserSearchStates1764050000000,
  EmbeddedOrgNames1764060000000,
  EmbeddedOrgSequences1764070000000,
  EmbeddedIdentityProviders1764100000000,
  EmbeddedIdpConfigVersions1764101000000,
  // The same statement on both databases: the MySQL migration serves here as it is.
  PendingEmails1764300000000,
  EmbeddedAccountSessions1764400000000,
  // The same statements on both databases: the MySQL migration serves here as it is.
  UserDateIndexes1764510000000,
  EmbeddedUserMetadata1764530000000,
  EmbeddedEventEditors1764600000000,
  UserSortIndexes1764610000000,
  OrgUserCounts1764620000000,
];
