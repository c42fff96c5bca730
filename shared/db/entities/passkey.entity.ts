import { Column, Entity, PrimaryColumn } from 'typeorm';
import { blob, numericBigint } from './columns.js';

/** A user's passkey: a WebAuthn credential registered with this service's relying party. */
@Entity('passkeys')
export class Passkey {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  /** The credential's id as the authenticator made it, base64url; unique instance-wide. */
  @Column({ name: 'credential_id', type: 'varchar', length: 1400 }) credentialId!: string;
  /** The COSE public key: what verifies the credential's signatures. */
  @Column({ name: 'public_key', ...blob }) publicKey!: Buffer;
  /** The authenticator's signature counter at the last sign-in; 0 for one that counts nothing. */
  @Column({ name: 'sign_count', ...numericBigint, unsigned: true }) signCount!: number;
  /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`…), as JSON. */
  @Column({ type: 'varchar', length: 200 }) transports!: string;
  /** `singleDevice`, or `multiDevice` for a credential that may be synced. */
  @Column({ name: 'device_type', type: 'varchar', length: 16 }) deviceType!: string;
  @Column({ name: 'backed_up', type: 'boolean' }) backedUp!: boolean;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt!: Date | null;
}
