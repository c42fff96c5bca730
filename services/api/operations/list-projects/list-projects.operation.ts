import schema from '../../../../schemas/requests/list-projects.schema.json' with { type: 'json' };
import { listProjects } from './list-projects.handler.js';
import { operation } from '../operation.js';

export const listProjectsOperation = operation(
  'identity.management.v1.ManagementService/ListProjects',
  'POST /management/v1/projects/_search',
  { permission: 'project.read', schema, handle: listProjects, reads: 'project' },
);
