import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An external identity provider configured in an organization. */
@Entity('idp_configs')
export class IdpConfig {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
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
