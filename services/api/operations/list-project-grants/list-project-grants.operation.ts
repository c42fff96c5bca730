import schema from '../../../../schemas/requests/list-project-grants.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { listProjectGrants } from './list-project-grants.handler.js';
import { operation } from '../operation.js';

export const listProjectGrantsOperation = operation(
  'identity.management.v1.ManagementService/ListProjectGrants',
  'POST /management/v1/projects/:projectId/grants/_search',
  { permission: 'project.read', schema, handle: listProjectGrants },
  [projectNotFound()],
);
