import { ConsumerCursor } from './consumer-cursor.entity.js';
import { EventRecord } from './event-record.entity.js';
import { IdpConfig, UserIdpLink } from './idp.entity.js';
import { OidcPayload } from './oidc-payload.entity.js';
import { Organization } from './organization.entity.js';
import { Passkey } from './passkey.entity.js';
import { Project } from './project.entity.js';
import { ProjectReadModel, UserReadModel } from './read-model.entities.js';
import { RoleGrant } from './role-grant.entity.js';
import { SignInFailure } from './sign-in-failure.entity.js';
import { UserCode } from './user-code.entity.js';
import { User } from './user.entity.js';

export {
  ConsumerCursor,
  EventRecord,
  IdpConfig,
  OidcPayload,
  Organization,
  Passkey,
  Project,
  ProjectReadModel,
  RoleGrant,
  SignInFailure,
  User,
  UserCode,
  UserIdpLink,
  UserReadModel,
};
export const entities = [
  ConsumerCursor,
  EventRecord,
  IdpConfig,
  OidcPayload,
  Organization,
  Passkey,
  Project,
  ProjectReadModel,
  RoleGrant,
  SignInFailure,
  User,
  UserCode,
  UserIdpLink,
  UserReadModel,
];
