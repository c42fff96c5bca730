import schema from '../../../../schemas/requests/update-project-grant.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { projectGrantNotFound } from '../project-grants.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { updateProjectGrant } from './update-project-grant.handler.js';
import { operation } from '../operation.js';

export const updateProjectGrantOperation = operation(
  'identity.management.v1.ManagementService/UpdateProjectGrant',
  'PUT /management/v1/projects/:projectId/grants/:grantId',
  { permission: 'project.write', schema, handle: updateProjectGrant },
  [projectNotFound(), projectGrantNotFound(), roleNotFound()],
);
