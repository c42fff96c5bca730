import schema from '../../../../schemas/requests/add-project-grant.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { orgNotFound, projectGrantTaken } from '../project-grants.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { addProjectGrant } from './add-project-grant.handler.js';
import { operation } from '../operation.js';

export const addProjectGrantOperation = operation(
  'identity.management.v1.ManagementService/AddProjectGrant',
  'POST /management/v1/projects/:projectId/grants',
  { permission: 'project.write', schema, handle: addProjectGrant },
  [projectNotFound(), orgNotFound(), roleNotFound(), projectGrantTaken()],
);
