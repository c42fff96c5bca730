import schema from '../../../../schemas/requests/get-project-by-id.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { getProjectByID } from './get-project-by-id.handler.js';
import { operation } from '../operation.js';

export const getProjectByIDOperation = operation(
  'identity.management.v1.ManagementService/GetProjectByID',
  'GET /management/v1/projects/:id',
  { permission: 'project.read', schema, handle: getProjectByID, reads: 'project' },
  [projectNotFound()],
);
