import { pagedList } from '../console-pager.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { addProjectGrantOperation } from '../../operations/add-project-grant/add-project-grant.operation.js';
import { listProjectGrantsOperation } from '../../operations/list-project-grants/list-project-grants.operation.js';
import type { Operation } from '../../operations/operation.js';
import { removeProjectGrantOperation } from '../../operations/remove-project-grant/remove-project-grant.operation.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import {
  actionForm,
  checkboxes,
  partChange,
  partTable,
  projectOf,
  projectPath,
  roleFilter,
  sendProjectPage,
  valuesOf,
  wordsOf,
  writeThen,
} from './project-kit.js';
import { rolesOf } from './project-roles.js';

/**
 * The organizations the project is shared with (ListProjectGrants) and the roles each may give;
 * with `project.write`, each grant's removal (RemoveProjectGrant) and the form of a new one
 * (AddProjectGrant: the organization's id and the roles as checkboxes).
 */
export async function projectGrantsPage(
  context: ConsoleContext,
  status = 200,
  posted: { grantedOrgId: string; roleKeys: string[] } = { grantedOrgId: '', roleKeys: [] },
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const path = projectPath(project.id);
  const filter = roleFilter(context, `${path}/project-grants`);
  const paged = pagedList(context, `${path}/project-grants`, true, undefined, filter.kept);
  const [roles, listed] = await Promise.all([
    rolesOf(context, project.id),
    context.call(listProjectGrantsOperation, { projectId: project.id, query: paged.query }),
  ]);
  const grants = listed.result;
  const writes = context.may('project.write');
  const { byField, rest } = fieldViolations(violations, ['grantedOrgId', 'roleKeys']);
  const { options, form: filterForm } = filter.of(roles);
  const body = html`<h2>${words.projectGrants}</h2>
    ${writes && filterForm}
    ${partTable(
      grants,
      words.noProjectGrants,
      [words.organization, words.roles, writes && words.actions],
      (grant) => [
        html`${grant.grantedOrgName} <code>${grant.grantedOrgId}</code>`,
        grant.grantedRoleKeys.join(', '),
        writes &&
          actionForm(
            context,
            `${path}/project-grants/_remove${filter.query}`,
            words.removeProjectGrant(grant.grantedOrgName),
            'secondary',
            html`<input type="hidden" name="grantId" value="${grant.grantId}" />`,
          ),
      ],
    )}
    ${paged.nav(listed)}
    ${
      writes &&
      html`<form method="post" action="${path}/project-grants/_add${filter.query}" class="narrow">
        <h2>${words.grantProject}</h2>
        ${csrfField(context)} ${rest}
        ${formField({
          name: 'grantedOrgId',
          label: words.grantedOrgId,
          value: posted.grantedOrgId,
          required: true,
          maxLength: 200,
          hint: words.grantedOrgIdHint,
          violations: byField.get('grantedOrgId'),
        })}
        ${
          roles.length > 0 &&
          checkboxes({
            name: 'roleKeys',
            legend: words.chooseRoles,
            prefix: 'project-grant-role',
            options,
            chosen: posted.roleKeys,
            violations: byField.get('roleKeys'),
          })
        }
        <button type="submit">${words.grantProject}</button>
      </form>`
    }`;
  sendProjectPage(context, project, 'projectGrants', body, status);
}

/** The project grant's form posted: AddProjectGrant, then the grants. */
export async function addProjectGrantAction(context: ConsoleContext): Promise<void> {
  const projectId = String(context.request.params.id);
  const { grantedOrgId } = formOf(context.request, { grantedOrgId: 200 });
  const posted = { grantedOrgId: grantedOrgId.trim(), roleKeys: valuesOf(context, 'roleKeys') };
  await writeThen(
    context,
    () =>
      context.call(addProjectGrantOperation as Operation<never, unknown>, {
        projectId,
        ...posted,
      }),
    `${projectPath(projectId)}/project-grants`,
    'projectGrant',
    (violations) => projectGrantsPage(context, 400, posted, violations),
  );
}

/** A project grant's removal: RemoveProjectGrant, then the grants. */
export const removeProjectGrantAction = partChange(
  removeProjectGrantOperation as Operation<never, unknown>,
  (context, projectId) => ({ projectId, ...formOf(context.request, { grantId: 200 }) }),
  '/project-grants',
  'projectGrantRemoved',
);
