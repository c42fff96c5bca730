import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint, blob, numericBigint } from './columns.js';

export type Gender = 'GENDER_UNSPECIFIED' | 'GENDER_FEMALE' | 'GENDER_MALE' | 'GENDER_DIVERSE';

/** A human user with its credentials. Secrets are stored only as hashes or encrypted. */
@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ name: 'user_name', type: 'varchar', length: 200 }) userName!: string;
  @Column({ name: 'user_name_lower', type: 'varchar', length: 600 }) userNameLower!: string;
  /** Locked: by an administrator (LockUser), until UnlockUser; failed sign-ins lock a name elsewhere. */
  @Column({ type: 'varchar', length: 16 }) state!: 'active' | 'inactive' | 'locked';
  /** The id the importing caller gave the user, unique in the organization; null for none. */
  @Column({ name: 'external_id', type: 'varchar', length: 200, nullable: true })
  externalId!: string | null;
  @Column({ name: 'first_name', type: 'varchar', length: 200 }) firstName!: string;
  @Column({ name: 'last_name', type: 'varchar', length: 200 }) lastName!: string;
  @Column({ name: 'nick_name', type: 'varchar', length: 200, nullable: true })
  nickName!: string | null;
  @Column({ name: 'display_name', type: 'varchar', length: 200 }) displayName!: string;
  @Column({ name: 'preferred_language', type: 'varchar', length: 35, nullable: true })
  preferredLanguage!: string | null;
  @Column({ type: 'varchar', length: 32 }) gender!: Gender;
  @Column({ type: 'varchar', length: 320 }) email!: string;
  @Column({ name: 'email_verified', type: 'boolean' }) emailVerified!: boolean;
  /**
   * The address the person asked to change to (SetMyEmail), waiting for its verification link;
   * `email` stays theirs until the link is followed. Null when none waits.
   */
  @Column({ name: 'pending_email', type: 'varchar', length: 320, nullable: true })
  pendingEmail!: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) phone!: string | null;
  @Column({ name: 'phone_verified', type: 'boolean' }) phoneVerified!: boolean;
  @Column({ name: 'password_hash', type: 'varchar', length: 1024, nullable: true })
  passwordHash!: string | null;
  @Column({ name: 'password_change_required', type: 'boolean' }) passwordChangeRequired!: boolean;
  @Column({ name: 'otp_secret_encrypted', ...blob, nullable: true })
  otpSecretEncrypted!: Buffer | null;
  /** The time step of the last TOTP code accepted at sign-in; an older or equal one is refused. */
  @Column({ name: 'otp_last_step', ...numericBigint, nullable: true })
  otpLastStep!: number | null;
  /**
   * A TOTP secret the person is adding on the account page (encrypted), until its first code
   * confirms it and it becomes `otpSecretEncrypted`; a sign-in does not ask for it.
   */
  @Column({ name: 'otp_pending_secret_encrypted', ...blob, nullable: true })
  otpPendingSecretEncrypted!: Buffer | null;
  @Column({ type: 'int', unsigned: true }) version!: number;
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}
