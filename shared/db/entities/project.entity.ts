import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint } from './columns.js';

export type PrivateLabelingSetting =
  | 'PRIVATE_LABELING_SETTING_UNSPECIFIED'
  | 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY'
  | 'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY';

@Entity('projects')
export class Project {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'name_lower', type: 'varchar', length: 600 }) nameLower!: string;
  @Column({ name: 'project_role_assertion', type: 'boolean' }) projectRoleAssertion!: boolean;
  @Column({ name: 'project_role_check', type: 'boolean' }) projectRoleCheck!: boolean;
  @Column({ name: 'has_project_check', type: 'boolean' }) hasProjectCheck!: boolean;
  @Column({ name: 'private_labeling_setting', type: 'varchar', length: 64 })
  privateLabelingSetting!: PrivateLabelingSetting;
  /** Inactive (DeactivateProject): its applications refuse sign-in, until ReactivateProject. */
  @Column({ type: 'varchar', length: 16, default: 'active' }) state!: 'active' | 'inactive';
  @Column({ type: 'int', unsigned: true }) version!: number;
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}
