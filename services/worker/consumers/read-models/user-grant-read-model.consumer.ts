import { UserGrantReadModel } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import { ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

/**
 * Keeps `user_grant_read_models`: each user grant (a row per grant id, of the user's
 * organization) with its project, the project grant it is held through and its roles as the last
 * event says; a removed grant is marked `removed`. Who may use what, rebuilt from the topic.
 */
export class UserGrantReadModelConsumer extends ReadModelConsumer {
  readonly name = 'user-grant-read-model';
  private readonly rows = new ReadModelWrites(
    this.dataSource,
    UserGrantReadModel,
    (event: CloudEvent) => (event.data as { grantId: string }).grantId,
  );

  protected readonly reducers: Reducers = {
    'user.grant.added': (event, grant) => [
      this.rows.insertOnce(event, {
        userId: event.subject,
        projectId: grant.projectId,
        projectGrantId: grant.projectGrantId,
        roleKeys: grant.roleKeys,
        removed: false,
      }),
    ],
    'user.grant.changed': (event, grant) => [
      this.rows.applyIfNewer(event, { roleKeys: grant.roleKeys }),
    ],
    'user.grant.removed': (event) => [
      this.rows.applyIfNewer(event, { roleKeys: [], removed: true }),
    ],
  };
}
