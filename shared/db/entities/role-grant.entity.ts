import { Column, Entity, PrimaryColumn } from 'typeorm';

export const ROLES = [
  'IAM_OWNER',
  'ORG_OWNER',
  'ORG_USER_MANAGER',
  'ORG_PROJECT_OWNER',
  'ORG_USER_VIEWER',
  'ORG_PROJECT_VIEWER',
] as const;
export type Role = (typeof ROLES)[number];

/** Instance-wide grants (IAM_OWNER) carry this organization id. */
export const INSTANCE_WIDE = '';

@Entity('role_grants')
export class RoleGrant {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @PrimaryColumn({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @PrimaryColumn({ type: 'varchar', length: 32 }) role!: Role;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}
