import { UserMetadataReadModel } from '../../../../shared/db/entities/index.js';
import { metadataRowId } from '../../../../shared/metadata-row-id.js';
import { ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

/**
 * Keeps `user_metadata_read_models`: each entry of a user's metadata (a row per user and key)
 * with its value as the last event says; a removed entry is marked `removed`. A `set` inserts the
 * row when it is not there (the entry's first) and otherwise changes it where newer, so a set
 * after a removal brings the entry back and a replayed older one does not.
 */
export class UserMetadataReadModelConsumer extends ReadModelConsumer {
  readonly name = 'user-metadata-read-model';
  private readonly rows = new ReadModelWrites(this.dataSource, UserMetadataReadModel, (event) =>
    metadataRowId(event.subject, (event.data as { key: string }).key),
  );

  protected readonly reducers: Reducers = {
    'user.metadata.set': (event, { key, value }) => [
      this.rows.insertOnce(event, { userId: event.subject, key, value, removed: false }),
      this.rows.applyIfNewer(event, { value, removed: false }),
    ],
    'user.metadata.removed': (event) => [
      this.rows.applyIfNewer(event, { value: '', removed: true }),
    ],
  };
}
