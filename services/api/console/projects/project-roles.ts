import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html } from '../../login/kit/page-kit.js';
import { addProjectRoleOperation } from '../../operations/add-project-role/add-project-role.operation.js';
import { listProjectRolesOperation } from '../../operations/list-project-roles/list-project-roles.operation.js';
import type { Operation } from '../../operations/operation.js';
import { removeProjectRoleOperation } from '../../operations/remove-project-role/remove-project-role.operation.js';
import { updateProjectRoleOperation } from '../../operations/update-project-role/update-project-role.operation.js';
import { ifMatchOf } from '../console-writes.js';
import type { RoleView } from '../../queries/project-role-queries.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { everyItem, pagedList } from '../console-pager.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import {
  actionForm,
  partChange,
  partTable,
  projectOf,
  projectPath,
  sendProjectPage,
  wordsOf,
  writeThen,
} from './project-kit.js';

/**
 * Every role of the project (ListProjectRoles), for the grant forms: a grant's form must show each
 * role the grant holds, since UpdateUserGrant replaces them whole.
 */
export const rolesOf = (context: ConsoleContext, projectId: string): Promise<RoleView[]> =>
  everyItem((query) => context.call(listProjectRolesOperation, { projectId, query }));

const ROLE_FIELDS = { roleKey: 300, displayName: 300, group: 300 } as const;
type RoleForm = Record<keyof typeof ROLE_FIELDS, string>;

/**
 * The project's roles (ListProjectRoles): key, display name, group; with `project.write`, the
 * form of a new role (AddProjectRole) and each role's removal (RemoveProjectRole).
 */
export async function rolesPage(
  context: ConsoleContext,
  status = 200,
  posted: RoleForm = { roleKey: '', displayName: '', group: '' },
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const path = projectPath(project.id);
  const paged = pagedList(context, `${path}/roles`);
  const listed = await context.call(listProjectRolesOperation, {
    projectId: project.id,
    query: paged.query,
  });
  const roles = listed.result;
  const writes = context.may('project.write');
  const { byField, rest } = fieldViolations(violations, Object.keys(ROLE_FIELDS));
  const field = (name: keyof RoleForm, label: string, required: boolean, hint?: string) =>
    formField({
      name,
      label,
      value: posted[name],
      required,
      maxLength: 300,
      ...(hint && { hint }),
      violations: byField.get(name),
    });
  const body = html`<h2>${words.roles}</h2>
    ${partTable(
      roles,
      words.noRoles,
      [words.roleKey, words.displayName, words.group, writes && words.actions],
      (role) => [
        writes
          ? html`<a href="${path}/roles/${encodeURIComponent(role.key)}"
              ><code>${role.key}</code></a
            >`
          : html`<code>${role.key}</code>`,
        role.displayName,
        role.group,
        writes &&
          actionForm(
            context,
            `${path}/roles/_remove`,
            words.removeRole(role.key),
            'secondary',
            html`<input type="hidden" name="roleKey" value="${role.key}" />`,
          ),
      ],
    )}
    ${paged.nav(listed)}
    ${
      writes &&
      html`<form method="post" action="${path}/roles/_add" class="narrow">
        <h2>${words.addRole}</h2>
        ${csrfField(context)} ${rest} ${field('roleKey', words.roleKey, true, words.roleKeyHint)}
        ${field('displayName', words.displayName, true)} ${field('group', words.group, false)}
        <button type="submit">${words.addRole}</button>
      </form>`
    }`;
  sendProjectPage(context, project, 'roles', body, status);
}

/** The new role's form posted: AddProjectRole, then the roles. */
export async function addRoleAction(context: ConsoleContext): Promise<void> {
  const projectId = String(context.request.params.id);
  const form = formOf(context.request, ROLE_FIELDS);
  await writeThen(
    context,
    () =>
      context.call(addProjectRoleOperation as Operation<never, unknown>, {
        projectId,
        roleKey: form.roleKey.trim(),
        displayName: form.displayName,
        ...(form.group.trim() && { group: form.group }),
      }),
    `${projectPath(projectId)}/roles`,
    'role',
    (violations) => rolesPage(context, 400, form, violations),
  );
}

/** A role's removal: RemoveProjectRole, then the roles. */
export const removeRoleAction = partChange(
  removeProjectRoleOperation as Operation<never, unknown>,
  (context, projectId) => ({ projectId, ...formOf(context.request, { roleKey: 200 }) }),
  '/roles',
  'roleRemoved',
);

const EDIT_FIELDS = { displayName: 300, group: 300, version: 20 } as const;
type EditForm = Record<keyof typeof EDIT_FIELDS, string>;

/**
 * A role's form (`project.write`): its display name and group (UpdateProjectRole, If-Match the
 * project's version shown: a role is part of its project). The key does not change.
 */
export async function rolePage(
  context: ConsoleContext,
  status = 200,
  posted?: EditForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const key = String(context.request.params.key);
  const { result } = await context.call(listProjectRolesOperation, {
    projectId: project.id,
    query: { limit: 1 },
    queries: [{ keyQuery: { key, method: 'TEXT_QUERY_METHOD_EQUALS' } }],
  });
  const role = result.find((each) => each.key === key);
  if (!role) throw new ServiceError('PROJECT-ROLE-NOT-FOUND');
  const shown: EditForm = posted ?? {
    displayName: role.displayName,
    group: role.group,
    version: project.details.sequence,
  };
  const { byField, rest } = fieldViolations(violations, ['displayName', 'group']);
  const path = `${projectPath(project.id)}/roles`;
  const body = html`<form
    method="post"
    action="${path}/${encodeURIComponent(key)}/_update"
    class="narrow"
  >
    <h2>${words.roleKey}: <code>${key}</code></h2>
    ${csrfField(context)}
    <input type="hidden" name="version" value="${shown.version}" />
    ${rest}
    ${formField({
      name: 'displayName',
      label: words.displayName,
      value: shown.displayName,
      required: true,
      maxLength: 300,
      violations: byField.get('displayName'),
    })}
    ${formField({
      name: 'group',
      label: words.group,
      value: shown.group,
      maxLength: 300,
      violations: byField.get('group'),
    })}
    <div class="actions">
      <button type="submit">${context.words.save}</button>
      <a class="button secondary" href="${path}">${context.words.cancel}</a>
    </div>
  </form>`;
  sendProjectPage(context, project, 'roles', body, status, words.editRole(role.displayName));
}

/** A role's form posted: UpdateProjectRole If-Match the version shown, then the roles. */
export async function updateRoleAction(context: ConsoleContext): Promise<void> {
  const projectId = String(context.request.params.id);
  const roleKey = String(context.request.params.key);
  const form = formOf(context.request, EDIT_FIELDS);
  await writeThen(
    context,
    () =>
      context.call(
        updateProjectRoleOperation as Operation<never, unknown>,
        { projectId, roleKey, displayName: form.displayName, group: form.group },
        ifMatchOf(context),
      ),
    `${projectPath(projectId)}/roles`,
    'roleChanged',
    (violations) => rolePage(context, 400, form, violations),
  );
}
