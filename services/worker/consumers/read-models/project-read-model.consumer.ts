import { ProjectReadModel } from '../../../../shared/db/entities/index.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { ProjectPayload } from '../../../../shared/events/event-types.js';
import { pick, ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

/** What a project's events set: the payload's properties, which the read model names alike. */
const PROJECT_COLUMNS = [
  'name',
  'projectRoleAssertion',
  'projectRoleCheck',
  'hasProjectCheck',
  'privateLabelingSetting',
] as const satisfies readonly (keyof ProjectPayload & keyof ProjectReadModel)[];

const projectColumns = (project: ProjectPayload) => pick(project, PROJECT_COLUMNS);

const DETAILS_ONLY = [
  'project.role.added',
  'project.role.changed',
  'project.role.removed',
  'project.application.added',
  'project.application.changed',
  'project.application.removed',
  'project.grant.added',
  'project.grant.changed',
  'project.grant.removed',
] as const;

/** Keeps `project_read_models`: a project as a read returns it, with the details of the last event. */
export class ProjectReadModelConsumer extends ReadModelConsumer {
  readonly name = 'project-read-model';
  private readonly rows = new ReadModelWrites(this.dataSource, ProjectReadModel);

  protected readonly reducers: Reducers = {
    'project.added': (event, data) => [this.rows.insertOnce(event, projectColumns(data))],
    'project.changed': (event, data) => [this.rows.applyIfNewer(event, projectColumns(data))],
    'project.deactivated': (event) => [this.rows.applyIfNewer(event, { state: 'inactive' })],
    'project.reactivated': (event) => [this.rows.applyIfNewer(event, { state: 'active' })],
    // Kept as a tombstone that reads skip: an event arriving late cannot bring the row back.
    'project.removed': (event) => [this.rows.applyIfNewer(event, { state: 'removed' })],
    // Roles, applications and grants are read from the write side: their events move the details only.
    ...Object.fromEntries(
      DETAILS_ONLY.map((type) => [
        type,
        (event: CloudEvent) => [this.rows.applyIfNewer(event, {})],
      ]),
    ),
  };
}
