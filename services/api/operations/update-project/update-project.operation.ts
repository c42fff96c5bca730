import schema from '../../../../schemas/requests/update-project.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import {
  projectNameTaken,
  projectNotFound,
  updateProject,
  type UpdateProjectRequest,
  type UpdateProjectResponse,
} from './update-project.handler.js';

export const updateProjectOperation: Operation<UpdateProjectRequest, UpdateProjectResponse> = {
  grpc: { service: 'identity.management.v1.ManagementService', method: 'UpdateProject' },
  http: { method: 'PUT', path: '/management/v1/projects/:id' },
  permission: 'project.write',
  schema,
  errors: [projectNotFound(), projectNameTaken()],
  handle: updateProject,
};
