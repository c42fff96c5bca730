import schema from '../../../../schemas/requests/update-project.schema.json' with { type: 'json' };
import { projectNameTaken, projectNotFound } from './update-project.errors.js';
import { updateProject } from './update-project.handler.js';
import { operation } from '../operation.js';

export const updateProjectOperation = operation(
  'identity.management.v1.ManagementService/UpdateProject',
  'PUT /management/v1/projects/:id',
  { permission: 'project.write', schema, handle: updateProject },
  [projectNotFound(), projectNameTaken()],
);
