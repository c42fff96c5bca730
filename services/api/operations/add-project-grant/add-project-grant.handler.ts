import { Organization } from '../../../../shared/db/entities/organization.entity.js';
import { ProjectGrant } from '../../../../shared/db/entities/project-access.entities.js';
import { invalidArgument } from '../../../../shared/errors/service-error.js';
import { newId } from '../../../../shared/ids.js';
import { existingRoles, firstOr, projectChange } from '../project-aggregate.js';
import { orgNotFound, projectGrantPayload, projectGrantTaken } from '../project-grants.js';
import type { AddProjectGrantRequest } from './add-project-grant.request.generated.js';

/**
 * Shares a project of the target organization with another organization, with some of its roles
 * (`project.grant.added`): that organization's users may then use the project's applications
 * (`hasProjectCheck`), and its user managers give them those roles.
 */
export const addProjectGrant = projectChange<AddProjectGrantRequest, { grantId: string }>(
  async ({ transaction, project, request }) => {
    const roleKeys = request.roleKeys ?? [];
    const grantedOrgId = request.grantedOrgId;
    if (grantedOrgId === project.orgId)
      throw invalidArgument([
        { field: 'grantedOrgId', description: 'must be another organization than the project’s' },
      ]);
    await firstOr(transaction.find(Organization, { id: grantedOrgId }), orgNotFound);
    await existingRoles(transaction, project.id, roleKeys);
    const [taken] = await transaction.find(ProjectGrant, { projectId: project.id, grantedOrgId });
    if (taken) throw projectGrantTaken();
    const grant = { id: newId(), projectId: project.id, grantedOrgId, roleKeys };
    transaction.insert(ProjectGrant, [grant]);
    return {
      event: { type: 'project.grant.added', payload: projectGrantPayload(grant) },
      answer: { grantId: grant.id },
    };
  },
);
