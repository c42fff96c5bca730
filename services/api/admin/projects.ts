import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { inTransaction } from '../../../shared/db/data-source.js';
import { Project } from '../../../shared/db/entities/index.js';
import { recordEvents } from '../../../shared/events/record-events.js';
import { projectSettings } from '../operations/project-settings.js';
import { uniqueNameKey } from '../operations/unique-name-key.js';
import { requireOrganization } from './organizations.js';

/** Creates a project with its `project.added` event, so read models see where it started. */
export async function createProject(
  dataSource: DataSource,
  orgId: string,
  name: string,
): Promise<{ projectId: string }> {
  await requireOrganization(dataSource, orgId);
  const settings = projectSettings({ name });
  const projectId = uuidv7();
  const at = new Date();
  await inTransaction(dataSource, async (manager) => {
    const recorded = await recordEvents(
      manager,
      { id: projectId, orgId, version: 0 },
      [{ type: 'project.added', payload: settings }],
      at,
    );
    await manager.insert(Project, {
      id: projectId,
      orgId,
      ...settings,
      nameLower: uniqueNameKey(settings.name),
      ...recorded,
      creationDate: at,
      changeDate: at,
    });
  });
  return { projectId };
}
