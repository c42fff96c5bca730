import { Column, Entity, PrimaryColumn } from 'typeorm';
import { numericBigint } from './columns.js';

/**
 * A count of failed sign-ins (of a user, or from a client address) or a user's lock, kept in the
 * database when there is no Redis. It lasts until `expiresAt`; after that it counts as absent.
 */
@Entity('sign_in_failures')
export class SignInFailure {
  @PrimaryColumn({ name: 'failure_key', type: 'varchar', length: 100 }) key!: string;
  @Column({ type: 'int', unsigned: true }) failures!: number;
  /** Milliseconds since the epoch, by the clock of the API instance that wrote it. */
  @Column({ name: 'expires_at', ...numericBigint, unsigned: true }) expiresAt!: number;
}
