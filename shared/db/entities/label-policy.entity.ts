import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint, blob } from './columns.js';

/**
 * An organization's branding of the sign-in pages, or the instance's default (owner `''`). A
 * colour left null is the service's own; `active` false is a policy reset (or never set).
 */
@Entity('label_policies')
export class LabelPolicy {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 }) ownerId!: string;
  @Column({ type: 'boolean' }) active!: boolean;
  @Column({ name: 'primary_color', type: 'varchar', length: 7, nullable: true })
  primaryColor!: string | null;
  @Column({ name: 'background_color', type: 'varchar', length: 7, nullable: true })
  backgroundColor!: string | null;
  @Column({ name: 'warning_color', type: 'varchar', length: 7, nullable: true })
  warningColor!: string | null;
  @Column({ name: 'font_color', type: 'varchar', length: 7, nullable: true })
  fontColor!: string | null;
  @Column({ name: 'hide_service_name', type: 'boolean' }) hideServiceName!: boolean;
  @Column({ ...blob, nullable: true }) logo!: Buffer | null;
  @Column({ name: 'logo_type', type: 'varchar', length: 32, nullable: true })
  logoType!: string | null;
  /** The owner's aggregate version at the policy's last change: the pages' cache key. */
  @Column({ type: 'int', unsigned: true }) version!: number;
  /** The position of the policy's last event. */
  @Column({ ...bigint }) sequence!: string;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}
