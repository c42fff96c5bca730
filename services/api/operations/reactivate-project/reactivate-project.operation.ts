import schema from '../../../../schemas/requests/reactivate-project.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { projectNotInactive, projectStateChange } from '../project-lifecycle.js';
import { projectNotFound } from '../update-project/update-project.errors.js';

export const reactivateProjectOperation = operation(
  'identity.management.v1.ManagementService/ReactivateProject',
  'POST /management/v1/projects/:id/_reactivate',
  { permission: 'project.write', schema, handle: projectStateChange('active') },
  [projectNotFound(), projectNotInactive()],
);
