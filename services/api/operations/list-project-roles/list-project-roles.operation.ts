import schema from '../../../../schemas/requests/list-project-roles.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { listProjectRoles } from './list-project-roles.handler.js';
import { operation } from '../operation.js';

export const listProjectRolesOperation = operation(
  'identity.management.v1.ManagementService/ListProjectRoles',
  'POST /management/v1/projects/:projectId/roles/_search',
  { permission: 'project.read', schema, handle: listProjectRoles },
  [projectNotFound()],
);
