import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One entry of a user's metadata (ZITADEL's user metadata): a key and bytes that the service
 * does not interpret, of a person or a machine user. SCIM keeps the attributes that have no
 * column of their own here, under `scim.` keys. The value is kept as its base64, as events and
 * reads carry it.
 */
@Entity('user_metadata')
export class UserMetadata {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 }) userId!: string;
  @PrimaryColumn({ name: 'metadata_key', type: 'varchar', length: 200 }) key!: string;
  @Column({ type: 'text' }) value!: string;
  @Column({ name: 'creation_date', type: 'datetime', precision: 3 }) creationDate!: Date;
  @Column({ name: 'change_date', type: 'datetime', precision: 3 }) changeDate!: Date;
}
