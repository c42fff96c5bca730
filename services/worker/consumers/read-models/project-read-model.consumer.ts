import type { DataSource } from 'typeorm';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventType, ProjectPayload } from '../../../../shared/events/event-types.js';
import type { EventConsumer } from '../event-consumer.js';
import { applyIfNewer, insertOnce } from './apply-if-newer.js';

const projectColumns = (project: ProjectPayload) => ({
  name: project.name,
  project_role_assertion: project.projectRoleAssertion,
  project_role_check: project.projectRoleCheck,
  has_project_check: project.hasProjectCheck,
  private_labeling_setting: project.privateLabelingSetting,
});

/** Keeps `project_read_models`: a project as a read returns it, with the details of the last event. */
export class ProjectReadModelConsumer implements EventConsumer {
  readonly name = 'project-read-model';
  readonly handles: readonly EventType[] = ['project.added', 'project.changed'];

  constructor(private readonly dataSource: DataSource) {}

  async perform(event: CloudEvent): Promise<void> {
    const columns = projectColumns(event.data as unknown as ProjectPayload);
    if (event.type === 'project.added')
      await insertOnce(this.dataSource, 'project_read_models', event, columns);
    else if (event.type === 'project.changed')
      await applyIfNewer(this.dataSource, 'project_read_models', event, columns);
  }
}
