import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint } from './columns.js';

@Entity('organizations')
export class Organization {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  /** The name's unique key in the instance (`uniqueNameKey`): no two organizations share one. */
  @Column({ name: 'name_lower', type: 'varchar', length: 600 }) nameLower!: string;
  @Column({ type: 'varchar', length: 16 }) state!: 'active' | 'inactive';
  /** Number of events the organization has: its own, its members' and its label policy's. */
  @Column({ type: 'int', unsigned: true, default: 0 }) version!: number;
  /** The position of its last event: its ETag (GetMyOrg), which its changes' If-Match take. */
  @Column({ ...bigint, default: '0' }) sequence!: string;
  @Column({ name: 'change_date', type: 'datetime', precision: 3, nullable: true })
  changeDate!: Date | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}
