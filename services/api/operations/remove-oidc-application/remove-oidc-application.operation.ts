import schema from '../../../../schemas/requests/remove-oidc-application.schema.json' with { type: 'json' };
import { applicationNotFound } from '../applications.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { removeOIDCApplication } from './remove-oidc-application.handler.js';
import { operation } from '../operation.js';

export const removeOIDCApplicationOperation = operation(
  'identity.management.v1.ManagementService/RemoveOIDCApplication',
  'DELETE /management/v1/projects/:projectId/apps/:appId',
  { permission: 'project.write', schema, handle: removeOIDCApplication },
  [projectNotFound(), applicationNotFound()],
);
