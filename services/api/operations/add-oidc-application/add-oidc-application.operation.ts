import schema from '../../../../schemas/requests/add-oidc-application.schema.json' with { type: 'json' };
import { projectNotFound } from '../update-project/update-project.errors.js';
import { addOIDCApplication } from './add-oidc-application.handler.js';
import { operation } from '../operation.js';

export const addOIDCApplicationOperation = operation(
  'identity.management.v1.ManagementService/AddOIDCApplication',
  'POST /management/v1/projects/:projectId/apps/oidc',
  { permission: 'project.write', schema, handle: addOIDCApplication },
  [projectNotFound()],
);
