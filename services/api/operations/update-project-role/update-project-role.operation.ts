import schema from '../../../../schemas/requests/update-project-role.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { updateProjectRole } from './update-project-role.handler.js';
import { operation } from '../operation.js';

export const updateProjectRoleOperation = operation(
  'identity.management.v1.ManagementService/UpdateProjectRole',
  'PUT /management/v1/projects/:projectId/roles/:roleKey',
  { permission: 'project.write', schema, handle: updateProjectRole },
  [projectNotFound(), roleNotFound()],
);
