/** Every entity class, and nothing else: index.ts gives the DataSource each one. */
export { ConsumerCursor } from './consumer-cursor.entity.js';
export { EventRecord } from './event-record.entity.js';
export { IdpConfig, LoginPolicy, LoginPolicyIdp, UserIdpLink } from './idp.entity.js';
export { LabelPolicy } from './label-policy.entity.js';
export { MachineKey, MachineUser, PersonalAccessToken } from './machine-user.entity.js';
export { OidcPayload } from './oidc-payload.entity.js';
export { Organization } from './organization.entity.js';
export { Passkey } from './passkey.entity.js';
export { Project } from './project.entity.js';
export { Application, ProjectGrant, ProjectRole, UserGrant } from './project-access.entities.js';
export {
  ProjectReadModel,
  ReadModelProgress,
  UserGrantReadModel,
  UserMetadataReadModel,
  UserReadModel,
} from './read-model.entities.js';
export { RoleGrant } from './role-grant.entity.js';
export { SignInFailure } from './sign-in-failure.entity.js';
export { UserCode } from './user-code.entity.js';
export { User } from './user.entity.js';
export { UserMetadata } from './user-metadata.entity.js';
