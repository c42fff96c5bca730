import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint, blob } from './columns.js';

/** What a configuration signs in through: nothing yet (`identityctl idp create`), OIDC, OAuth. */
export type IdpType = 'unconfigured' | 'oidc' | 'oauth';
/** Whose a configuration is: an organization's, or the instance's (offered to every one). */
export type IdpOwnerType = 'org' | 'instance';
/** Whether a configuration may be signed in through ('inactive': offered by no sign-in). */
export type IdpState = 'active' | 'inactive';
/** Which account of ours a provider's identity with no link may be linked to, once confirmed. */
export type AutoLinking = 'none' | 'username' | 'email';

/**
 * An external identity provider one can sign in through (identity brokering), owned by an
 * organization (`orgId`) or by the instance (`ownerType` 'instance'; `orgId` then is the
 * organization of the administrator who added it). The client secret is stored sealed with the
 * secret key and answered never.
 */
@Entity('idp_configs')
export class IdpConfig {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'owner_type', type: 'varchar', length: 16 }) ownerType!: IdpOwnerType;
  @Column({ type: 'varchar', length: 16 }) type!: IdpType;
  /** 'active' or 'inactive' (offered by no sign-in, refused at a callback). */
  @Column({ type: 'varchar', length: 16 }) state!: IdpState;
  @Column({ type: 'varchar', length: 1000, nullable: true }) issuer!: string | null;
  @Column({ name: 'client_id', type: 'varchar', length: 1000, nullable: true })
  clientId!: string | null;
  @Column({ name: 'client_secret_sealed', ...blob, nullable: true })
  clientSecretSealed!: Buffer | null;
  /** A JSON array of scopes (text on SQLite). */
  @Column({ type: 'simple-json', nullable: true }) scopes!: string[] | null;
  @Column({ name: 'is_id_token_mapping', type: 'boolean' }) isIdTokenMapping!: boolean;
  @Column({ name: 'use_pkce', type: 'boolean' }) usePkce!: boolean;
  @Column({ name: 'authorization_endpoint', type: 'varchar', length: 1000, nullable: true })
  authorizationEndpoint!: string | null;
  @Column({ name: 'token_endpoint', type: 'varchar', length: 1000, nullable: true })
  tokenEndpoint!: string | null;
  @Column({ name: 'user_endpoint', type: 'varchar', length: 1000, nullable: true })
  userEndpoint!: string | null;
  @Column({ name: 'id_attribute', type: 'varchar', length: 200, nullable: true })
  idAttribute!: string | null;
  @Column({ name: 'is_linking_allowed', type: 'boolean' }) isLinkingAllowed!: boolean;
  @Column({ name: 'is_creation_allowed', type: 'boolean' }) isCreationAllowed!: boolean;
  @Column({ name: 'is_auto_creation', type: 'boolean' }) isAutoCreation!: boolean;
  @Column({ name: 'is_auto_update', type: 'boolean' }) isAutoUpdate!: boolean;
  @Column({ name: 'auto_linking', type: 'varchar', length: 16 }) autoLinking!: AutoLinking;
  /** Signing out of ours also ends the session at the provider (its end_session_endpoint). */
  @Column({ name: 'sign_out_at_provider', type: 'boolean' }) signOutAtProvider!: boolean;
  /** How many events the configuration has recorded. */
  @Column({ type: 'int', unsigned: true }) version!: number;
  /** The position of the configuration's last event. */
  @Column({ ...bigint }) sequence!: string;
  /** Set for every configuration (IdentityProviders1764100000000 gave those before it theirs). */
  @Column({ name: 'change_date', type: 'datetime', precision: 3, nullable: true })
  changeDate!: Date;
}

/** A user's account at an external identity provider; unique per (configId, externalUserId). */
@Entity('user_idp_links')
export class UserIdpLink {
  @PrimaryColumn({ name: 'config_id', type: 'varchar', length: 36 }) configId!: string;
  @PrimaryColumn({ name: 'external_user_id', type: 'varchar', length: 200 })
  externalUserId!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ name: 'display_name', type: 'varchar', length: 200, nullable: true })
  displayName!: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}

/**
 * Which ways of signing in an organization's sign-in pages offer (owner `''`: the instance
 * default, which an organization without a policy of its own follows).
 */
@Entity('login_policies')
export class LoginPolicy {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 }) ownerId!: string;
  @Column({ name: 'allow_external_idp', type: 'boolean' }) allowExternalIdp!: boolean;
  @Column({ name: 'allow_username_password', type: 'boolean' }) allowUsernamePassword!: boolean;
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}

/** A provider a login policy offers on the sign-in page. */
@Entity('login_policy_idps')
export class LoginPolicyIdp {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 }) ownerId!: string;
  @PrimaryColumn({ name: 'idp_id', type: 'varchar', length: 36 }) idpId!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}
