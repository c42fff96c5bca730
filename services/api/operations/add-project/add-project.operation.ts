import schema from '../../../../schemas/requests/add-project.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { projectNameTaken } from '../update-project/update-project.errors.js';
import { addProject } from './add-project.handler.js';

export const addProjectOperation = operation(
  'identity.management.v1.ManagementService/AddProject',
  'POST /management/v1/projects',
  { permission: 'project.write', schema, handle: addProject },
  [projectNameTaken()],
);
