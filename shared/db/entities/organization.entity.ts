import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('organizations')
export class Organization {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'varchar', length: 16 }) state!: 'active' | 'inactive';
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
}
