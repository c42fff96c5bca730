import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint, blob } from './columns.js';

/**
 * A machine user (a service account) of an organization: it never signs in through the pages; it
 * calls the API with a token it got by client credentials, private_key_jwt or a personal access
 * token. Its user name is unique among machine users instance-wide, without regard to case.
 */
@Entity('machine_users')
export class MachineUser {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ name: 'user_name', type: 'varchar', length: 200 }) userName!: string;
  @Column({ name: 'user_name_lower', type: 'varchar', length: 600 }) userNameLower!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'varchar', length: 1000 }) description!: string;
  @Column({ type: 'varchar', length: 16 }) state!: 'active' | 'inactive' | 'locked';
  /** The client secret, sealed under the secret key; null for none. */
  @Column({ name: 'secret_encrypted', ...blob, nullable: true }) secretEncrypted!: Buffer | null;
  @Column({ type: 'int', unsigned: true }) version!: number;
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}

/** A public key of a machine user: an assertion it signs (private_key_jwt) gets a token. */
@Entity('machine_keys')
export class MachineKey {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  /** The public key as a JWK with its `kid` (the key's id) and `alg`. */
  @Column({ name: 'public_jwk', type: 'json' }) publicJwk!: Record<string, unknown>;
  @Column({ name: 'expiration_date', type: 'datetime', precision: 3 }) expirationDate!: Date;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
}

/** A personal access token of a machine user: only the SHA-256 of the token is kept. */
@Entity('personal_access_tokens')
export class PersonalAccessToken {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @Column({ name: 'token_sha256', type: 'varchar', length: 200 }) tokenSha256!: string;
  @Column({ name: 'expiration_date', type: 'datetime', precision: 3 }) expirationDate!: Date;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
}
