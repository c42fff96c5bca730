import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigint } from './columns.js';

/**
 * How far a consumer has read the outbox when events reach it without Kafka: the position of the
 * last event it performed.
 */
@Entity('consumer_cursors')
export class ConsumerCursor {
  @PrimaryColumn({ type: 'varchar', length: 200 }) consumer!: string;
  @Column({ ...bigint }) position!: string;
}
