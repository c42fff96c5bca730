import schema from '../../../../schemas/requests/get-app-by-id.schema.json' with { type: 'json' };
import { applicationNotFound } from '../applications.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { getAppByID } from './get-app-by-id.handler.js';
import { operation } from '../operation.js';

export const getAppByIDOperation = operation(
  'identity.management.v1.ManagementService/GetAppByID',
  'GET /management/v1/projects/:projectId/apps/:appId',
  { permission: 'project.read', schema, handle: getAppByID },
  [projectNotFound(), applicationNotFound()],
);
