import { Column, Entity, PrimaryColumn } from 'typeorm';
import { blob } from './columns.js';

export type UserCodeKind =
  'passwordless_registration' | 'initialization' | 'email_verification' | 'password_reset';

/** A one-time code sent to a user. Only its SHA-256 is kept. */
@Entity('user_codes')
export class UserCode {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ type: 'varchar', length: 32 }) kind!: UserCodeKind;
  @Column({ name: 'code_hash', ...blob }) codeHash!: Buffer;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 }) expiresAt!: Date;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true }) usedAt!: Date | null;
  /** The event that made an initialization code due: one code per event, however often delivered. */
  @Column({ name: 'source_event_id', type: 'varchar', length: 36, nullable: true })
  sourceEventId!: string | null;
  /** When the SMTP server accepted the email carrying the code. */
  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;
}
