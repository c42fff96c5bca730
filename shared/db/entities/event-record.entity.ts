import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigint } from './columns.js';

/** A recorded domain event; the table is also the outbox the relay publishes from. */
@Entity('events')
export class EventRecord {
  @PrimaryGeneratedColumn({ ...bigint }) position!: string;
  @Column({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 100 }) type!: string;
  @Column({ name: 'aggregate_type', type: 'varchar', length: 32 }) aggregateType!: string;
  @Column({ name: 'aggregate_id', type: 'varchar', length: 36 }) aggregateId!: string;
  @Column({ name: 'aggregate_version', type: 'int', unsigned: true }) aggregateVersion!: number;
  @Column({ name: 'org_id', type: 'varchar', length: 36 }) orgId!: string;
  @Column({ type: 'json' }) payload!: Record<string, unknown>;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt!: Date;
  @Column({ name: 'published_at', type: 'datetime', precision: 3, nullable: true })
  publishedAt!: Date | null;
  /** Who made the change: the caller of the operation that recorded it; null outside a call. */
  @Column({ name: 'editor_user_id', type: 'varchar', length: 36, nullable: true })
  editorUserId!: string | null;
}
