import schema from '../../../../schemas/requests/deactivate-project.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { projectNotActive, projectStateChange } from '../project-lifecycle.js';
import { projectNotFound } from '../update-project/update-project.errors.js';

export const deactivateProjectOperation = operation(
  'identity.management.v1.ManagementService/DeactivateProject',
  'POST /management/v1/projects/:id/_deactivate',
  { permission: 'project.write', schema, handle: projectStateChange('inactive') },
  [projectNotFound(), projectNotActive()],
);
