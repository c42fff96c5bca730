import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint } from './columns.js';
import type { PrivateLabelingSetting } from './project.entity.js';
import type { Gender } from './user.entity.js';

export type UserType = 'human' | 'machine';

export interface IdpLinkView {
  configId: string;
  externalUserId: string;
  displayName: string | null;
}

/**
 * What every read model row holds besides its own columns: its id and organization, and the
 * details of the events reduced (`sequence` and `changeDate` of the last, `creationDate` of the
 * first).
 */
abstract class ReadModelDetails {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}

/**
 * What a read of a user returns, kept by the worker from the user's events. `sequence` and
 * `changeDate` are those of the last event reduced, `creationDate` that of the first.
 */
@Entity('user_read_models')
export class UserReadModel extends ReadModelDetails {
  /** A person, or a machine user (a service account), whose human columns stay empty. */
  @Column({ type: 'varchar', length: 16 }) type!: UserType;
  @Column({ name: 'user_name', type: 'varchar', length: 200 }) userName!: string;
  /** The user name's search key (`uniqueNameKey`): what a search ignoring case compares. */
  @Column({ name: 'user_name_lower', type: 'varchar', length: 600 }) userNameLower!: string;
  @Column({ name: 'external_id', type: 'varchar', length: 200, nullable: true })
  externalId!: string | null;
  @Column({ type: 'varchar', length: 16 }) state!: string;
  @Column({ name: 'first_name', type: 'varchar', length: 200 }) firstName!: string;
  @Column({ name: 'last_name', type: 'varchar', length: 200 }) lastName!: string;
  @Column({ name: 'nick_name', type: 'varchar', length: 200, nullable: true })
  nickName!: string | null;
  @Column({ name: 'display_name', type: 'varchar', length: 200 }) displayName!: string;
  @Column({ name: 'preferred_language', type: 'varchar', length: 35, nullable: true })
  preferredLanguage!: string | null;
  @Column({ type: 'varchar', length: 32 }) gender!: Gender;
  @Column({ type: 'varchar', length: 320 }) email!: string;
  /** The email's search key, as the user name's. */
  @Column({ name: 'email_lower', type: 'varchar', length: 640 }) emailLower!: string;
  @Column({ name: 'email_verified', type: 'boolean' }) emailVerified!: boolean;
  @Column({ type: 'varchar', length: 50, nullable: true }) phone!: string | null;
  @Column({ name: 'phone_verified', type: 'boolean' }) phoneVerified!: boolean;
  @Column({ name: 'idp_links', type: 'json' }) idpLinks!: IdpLinkView[];
  @Column({ name: 'has_password', type: 'boolean' }) hasPassword!: boolean;
  @Column({ name: 'password_change_required', type: 'boolean' }) passwordChangeRequired!: boolean;
  @Column({ name: 'has_otp', type: 'boolean' }) hasOtp!: boolean;
  @Column({ name: 'machine_name', type: 'varchar', length: 200, nullable: true })
  machineName!: string | null;
  @Column({ name: 'machine_description', type: 'varchar', length: 1000, nullable: true })
  machineDescription!: string | null;
  @Column({ name: 'has_secret', type: 'boolean' }) hasSecret!: boolean;
}

/** What a read of a project returns, kept by the worker from the project's events. */
@Entity('project_read_models')
export class ProjectReadModel extends ReadModelDetails {
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'project_role_assertion', type: 'boolean' }) projectRoleAssertion!: boolean;
  @Column({ name: 'project_role_check', type: 'boolean' }) projectRoleCheck!: boolean;
  @Column({ name: 'has_project_check', type: 'boolean' }) hasProjectCheck!: boolean;
  @Column({ name: 'private_labeling_setting', type: 'varchar', length: 64 })
  privateLabelingSetting!: PrivateLabelingSetting;
  /** `active`, `inactive`, or `removed`: a tombstone that reads skip. */
  @Column({ type: 'varchar', length: 16, default: 'active' }) state!: string;
}

/**
 * A user's grant as the worker keeps it from the `user.grant.*` events: its roles of one project
 * (`projectGrantId`: the project grant it is held through), or `removed` once it is gone.
 */
@Entity('user_grant_read_models')
export class UserGrantReadModel extends ReadModelDetails {
  @Column({ name: 'role_keys', type: 'json' }) roleKeys!: string[];
  @Column({ type: 'boolean' }) removed!: boolean;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ name: 'project_grant_id', type: 'varchar', length: 36, nullable: true })
  projectGrantId!: string | null;
  @Column({ name: 'project_id', type: 'varchar', length: 36 }) projectId!: string;
}

/**
 * A user's metadata entry as the worker keeps it from `user.metadata.*` (a row per user and key;
 * its id is `metadataRowId` of the two), or `removed` once it is gone, so that a replayed
 * `user.metadata.set` older than the removal does not bring it back.
 */
@Entity('user_metadata_read_models')
export class UserMetadataReadModel extends ReadModelDetails {
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ name: 'metadata_key', type: 'varchar', length: 200 }) key!: string;
  /** The value's bytes in base64; empty once removed. */
  @Column({ type: 'text' }) value!: string;
  @Column({ type: 'boolean' }) removed!: boolean;
}

/**
 * How far a read model got: the position of the latest event it reduced (`position`, its
 * sequence) and that event's time. A list answers them as `processedSequence` and
 * `viewTimestamp`. Events reach a read model in order per aggregate, not across aggregates.
 */
@Entity('read_model_progress')
export class ReadModelProgress {
  @PrimaryColumn({ name: 'read_model', type: 'varchar', length: 100 }) readModel!: string;
  @Column({ ...bigint }) position!: string;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}
