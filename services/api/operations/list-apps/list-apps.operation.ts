import schema from '../../../../schemas/requests/list-apps.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { listApps } from './list-apps.handler.js';
import { operation } from '../operation.js';

export const listAppsOperation = operation(
  'identity.management.v1.ManagementService/ListApps',
  'POST /management/v1/projects/:projectId/apps/_search',
  { permission: 'project.read', schema, handle: listApps },
  [projectNotFound()],
);
