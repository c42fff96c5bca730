import { expect } from 'chai';
import { Project } from '../../shared/db/entities/index.js';
import type { TestService } from './test-service.js';

/** An Update Project request that sets every setting away from its default. */
export const ALL_SET = {
  name: 'Renamed',
  projectRoleAssertion: true,
  projectRoleCheck: true,
  hasProjectCheck: true,
  privateLabelingSetting: 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
};

export function projectRow(service: TestService, projectId: string): Promise<Project> {
  return service.dataSource.getRepository(Project).findOneByOrFail({ id: projectId });
}

/** Takes a snapshot of a project's row and events, to check later that nothing changed. */
export async function snapshotProject(
  service: TestService,
  projectId: string,
): Promise<() => Promise<void>> {
  const row = await projectRow(service, projectId);
  const events = (await service.events(projectId)).length;
  return async () => {
    expect(await projectRow(service, projectId)).to.deep.equal(row);
    expect(await service.events(projectId)).to.have.length(events);
  };
}
