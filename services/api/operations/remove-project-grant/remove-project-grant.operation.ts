import schema from '../../../../schemas/requests/remove-project-grant.schema.json' with { type: 'json' };
import { projectGrantNotFound } from '../project-grants.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { removeProjectGrant } from './remove-project-grant.handler.js';
import { operation } from '../operation.js';

export const removeProjectGrantOperation = operation(
  'identity.management.v1.ManagementService/RemoveProjectGrant',
  'DELETE /management/v1/projects/:projectId/grants/:grantId',
  { permission: 'project.write', schema, handle: removeProjectGrant },
  [projectNotFound(), projectGrantNotFound()],
);
