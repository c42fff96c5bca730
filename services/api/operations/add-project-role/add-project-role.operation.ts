import schema from '../../../../schemas/requests/add-project-role.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { addProjectRole, roleTaken } from './add-project-role.handler.js';
import { operation } from '../operation.js';

export const addProjectRoleOperation = operation(
  'identity.management.v1.ManagementService/AddProjectRole',
  'POST /management/v1/projects/:projectId/roles',
  { permission: 'project.write', schema, handle: addProjectRole },
  [projectNotFound(), roleTaken()],
);
