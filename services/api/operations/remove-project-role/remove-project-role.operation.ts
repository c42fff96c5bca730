import schema from '../../../../schemas/requests/remove-project-role.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { removeProjectRole } from './remove-project-role.handler.js';
import { operation } from '../operation.js';

export const removeProjectRoleOperation = operation(
  'identity.management.v1.ManagementService/RemoveProjectRole',
  'DELETE /management/v1/projects/:projectId/roles/:roleKey',
  { permission: 'project.write', schema, handle: removeProjectRole },
  [projectNotFound(), roleNotFound()],
);
