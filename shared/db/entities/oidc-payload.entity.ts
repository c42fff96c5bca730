import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigint } from './columns.js';

/**
 * What the OpenID provider keeps between requests (sessions, interactions, grants, codes, tokens,
 * registered clients), one row per model and id, so that restarts and replicas share it. Times
 * are epoch seconds; a row past `expires_at` counts as gone.
 */
@Entity('oidc_payloads')
@Index('oidc_payloads_grant', ['grantId'])
@Index('oidc_payloads_uid', ['uid'])
@Index('oidc_payloads_user_code', ['userCode'])
@Index('oidc_payloads_expires', ['expiresAt'])
@Index('oidc_payloads_account', ['accountId'])
export class OidcPayload {
  @PrimaryColumn({ type: 'varchar', length: 32 }) model!: string;
  @PrimaryColumn({ type: 'varchar', length: 255 }) id!: string;
  /** The model's JSON; a client's secret in it is encrypted under the secret key. */
  @Column({ type: 'text' }) payload!: string;
  @Column({ name: 'grant_id', type: 'varchar', length: 255, nullable: true })
  grantId!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) uid!: string | null;
  /** The person a session, grant, code or token belongs to: all of them end with the person's access. */
  @Column({ name: 'account_id', type: 'varchar', length: 36, nullable: true })
  accountId!: string | null;
  @Column({ name: 'user_code', type: 'varchar', length: 255, nullable: true })
  userCode!: string | null;
  @Column({ name: 'expires_at', ...bigint, nullable: true }) expiresAt!: string | null;
  @Column({ name: 'consumed_at', ...bigint, nullable: true }) consumedAt!: string | null;
}
