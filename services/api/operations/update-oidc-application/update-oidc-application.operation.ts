import schema from '../../../../schemas/requests/update-oidc-application.schema.json' with { type: 'json' };
import { applicationNotFound } from '../applications.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { updateOIDCApplication } from './update-oidc-application.handler.js';
import { operation } from '../operation.js';

export const updateOIDCApplicationOperation = operation(
  'identity.management.v1.ManagementService/UpdateOIDCApplication',
  'PUT /management/v1/projects/:projectId/apps/:appId/oidc',
  { permission: 'project.write', schema, handle: updateOIDCApplication },
  [projectNotFound(), applicationNotFound()],
);
