import { ProjectReadModel } from '../../../../shared/db/entities/index.js';
import type { ProjectPayload } from '../../../../shared/events/event-types.js';
import { ReadModelConsumer, ReadModelWrites, type Reducers } from './read-model-consumer.js';

const projectColumns = (project: ProjectPayload): Partial<ProjectReadModel> => ({
  name: project.name,
  projectRoleAssertion: project.projectRoleAssertion,
  projectRoleCheck: project.projectRoleCheck,
  hasProjectCheck: project.hasProjectCheck,
  privateLabelingSetting: project.privateLabelingSetting,
});

/** Keeps `project_read_models`: a project as a read returns it, with the details of the last event. */
export class ProjectReadModelConsumer extends ReadModelConsumer {
  readonly name = 'project-read-model';
  private readonly rows = new ReadModelWrites(this.dataSource, ProjectReadModel);

  protected readonly reducers: Reducers = {
    'project.added': (event, data) => [this.rows.insertOnce(event, projectColumns(data))],
    'project.changed': (event, data) => [this.rows.applyIfNewer(event, projectColumns(data))],
  };
}
