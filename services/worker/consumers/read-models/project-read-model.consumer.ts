import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventType, ProjectPayload } from '../../../../shared/events/event-types.js';
import {
  applyIfNewer,
  insertOnce,
  ReadModelConsumer,
  type ReadModelWrite,
} from './apply-if-newer.js';

const projectColumns = (project: ProjectPayload) => ({
  name: project.name,
  project_role_assertion: project.projectRoleAssertion,
  project_role_check: project.projectRoleCheck,
  has_project_check: project.hasProjectCheck,
  private_labeling_setting: project.privateLabelingSetting,
});

/** Keeps `project_read_models`: a project as a read returns it, with the details of the last event. */
export class ProjectReadModelConsumer extends ReadModelConsumer {
  readonly name = 'project-read-model';
  readonly handles: readonly EventType[] = ['project.added', 'project.changed'];

  protected writesFor(event: CloudEvent): ReadModelWrite[] {
    const columns = projectColumns(event.data as unknown as ProjectPayload);
    if (event.type === 'project.added')
      return [insertOnce(this.dataSource, 'project_read_models', event, columns)];
    if (event.type === 'project.changed')
      return [applyIfNewer('project_read_models', event, columns)];
    return [];
  }
}
