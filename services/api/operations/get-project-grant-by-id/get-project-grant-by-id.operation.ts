import schema from '../../../../schemas/requests/get-project-grant-by-id.schema.json' with { type: 'json' };
import { projectGrantNotFound } from '../project-grants.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { getProjectGrantByID } from './get-project-grant-by-id.handler.js';
import { operation } from '../operation.js';

export const getProjectGrantByIDOperation = operation(
  'identity.management.v1.ManagementService/GetProjectGrantByID',
  'GET /management/v1/projects/:projectId/grants/:grantId',
  { permission: 'project.read', schema, handle: getProjectGrantByID },
  [projectNotFound(), projectGrantNotFound()],
);
