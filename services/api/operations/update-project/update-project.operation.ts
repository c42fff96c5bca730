import schema from '../../../../schemas/requests/update-project.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import { projectNameTaken, projectNotFound } from './update-project.errors.js';
import { updateProject } from './update-project.handler.js';
import type { UpdateProjectRequest, UpdateProjectResponse } from './update-project.request.js';

export const updateProjectOperation: Operation<UpdateProjectRequest, UpdateProjectResponse> = {
  grpc: { service: 'identity.management.v1.ManagementService', method: 'UpdateProject' },
  http: { method: 'PUT', path: '/management/v1/projects/:id' },
  permission: 'project.write',
  schema,
  errors: [projectNotFound(), projectNameTaken()],
  handle: updateProject,
};
