import schema from '../../../../schemas/requests/remove-project.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { removeProject } from '../project-lifecycle.js';
import { projectNotFound } from '../update-project/update-project.errors.js';

export const removeProjectOperation = operation(
  'identity.management.v1.ManagementService/RemoveProject',
  'DELETE /management/v1/projects/:id',
  { permission: 'project.write', schema, handle: removeProject },
  [projectNotFound()],
);
