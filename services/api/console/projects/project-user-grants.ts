import { pagedList } from '../console-pager.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { addUserGrantOperation } from '../../operations/add-user-grant/add-user-grant.operation.js';
import { listUserGrantsOperation } from '../../operations/list-user-grants/list-user-grants.operation.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import type { Operation } from '../../operations/operation.js';
import { removeUserGrantOperation } from '../../operations/remove-user-grant/remove-user-grant.operation.js';
import { updateUserGrantOperation } from '../../operations/update-user-grant/update-user-grant.operation.js';
import type { UserGrantView } from '../../queries/user-grant-queries.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf } from '../console-writes.js';
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
import type { ProjectWords } from './project-words.js';

/**
 * Who holds which roles of the project (ListUserGrants by project); with `user.grant.write`,
 * each grant's roles as checkboxes (UpdateUserGrant), its removal (RemoveUserGrant), and the
 * form that grants roles to a user picked by user name (ListUsers, then AddUserGrant).
 */
export async function userGrantsPage(
  context: ConsoleContext,
  status = 200,
  posted: { userName: string; roleKeys: string[] } = { userName: '', roleKeys: [] },
  violations: Violations = new Map(),
): Promise<void> {
  const words = wordsOf(context);
  const project = await projectOf(context);
  const path = projectPath(project.id);
  const filter = roleFilter(context, `${path}/user-grants`);
  const paged = pagedList(context, `${path}/user-grants`, true, undefined, filter.kept);
  const [roles, listed] = await Promise.all([
    rolesOf(context, project.id),
    context.call(
      listUserGrantsOperation,
      { query: paged.query, queries: [{ projectIdQuery: { projectId: project.id } }] },
      afterOf(context),
    ),
  ]);
  const grants = listed.result;
  const writes = context.may('user.grant.write');
  const { byField, rest } = fieldViolations(violations, ['userName', 'roleKeys']);
  const { options, form: filterForm } = filter.of(roles);
  const body = html`<h2>${words.userGrants}</h2>
    ${writes && filterForm}
    ${partTable(
      grants,
      words.noUserGrants,
      [words.user, words.roles, writes && words.actions],
      (grant, index) =>
        grantCells(context, words, path, grant, index, writes && options, filter.query),
    )}
    ${paged.nav(listed)}
    ${
      writes &&
      html`<form method="post" action="${path}/user-grants/_add${filter.query}" class="narrow">
        <h2>${words.grantRoles}</h2>
        ${csrfField(context)} ${rest}
        ${formField({
          name: 'userName',
          label: words.userName,
          value: posted.userName,
          required: true,
          maxLength: 200,
          autocomplete: 'off',
          hint: words.userNameHint,
          violations: byField.get('userName'),
        })}
        ${
          roles.length === 0
            ? html`<p>${words.addRolesFirst}</p>`
            : checkboxes({
                name: 'roleKeys',
                legend: words.chooseRoles,
                prefix: 'grant-role',
                options,
                chosen: posted.roleKeys,
                violations: byField.get('roleKeys'),
              })
        }
        <button type="submit">${words.grantRoles}</button>
      </form>`
    }`;
  sendProjectPage(context, project, 'userGrants', body, status);
}

/** A grant's cells: the user, the roles (as a form with `options`: the writer's), its removal. */
function grantCells(
  context: ConsoleContext,
  words: ProjectWords,
  path: string,
  grant: UserGrantView,
  index: number,
  options: { value: string; label: string }[] | false,
  kept: string,
): (string | SafeHtml | false)[] {
  const user = grant.displayName ? `${grant.displayName} (${grant.userName})` : grant.userName;
  const which = html`<input type="hidden" name="userId" value="${grant.userId}" />
    <input type="hidden" name="grantId" value="${grant.id}" />`;
  if (!options) return [user, grant.roleKeys.join(', ')];
  return [
    user,
    html`<form method="post" action="${path}/user-grants/_update${kept}" class="grant-roles">
      ${csrfField(context)} ${which}
      ${checkboxes({
        name: 'roleKeys',
        legend: words.roles,
        prefix: `grant-${index}-role`,
        options,
        chosen: grant.roleKeys,
      })}
      <button type="submit" class="secondary">${words.saveRoles(grant.userName)}</button>
    </form>`,
    actionForm(
      context,
      `${path}/user-grants/_remove${kept}`,
      words.removeGrant(grant.userName),
      'secondary',
      which,
    ),
  ];
}

/**
 * The grant's form posted: the user found by their user name (ListUsers, ignoring case), then
 * AddUserGrant of the chosen roles; no such user is said beside the user name.
 */
export async function addUserGrantAction(context: ConsoleContext): Promise<void> {
  const words = wordsOf(context);
  const projectId = String(context.request.params.id);
  const { userName } = formOf(context.request, { userName: 200 });
  const posted = { userName, roleKeys: valuesOf(context, 'roleKeys') };
  const again = (violations: Violations) => userGrantsPage(context, 400, posted, violations);
  const { result: found } = userName.trim()
    ? await context.call(listUsersOperation, {
        query: { limit: 1 },
        queries: [
          {
            userNameQuery: {
              userName: userName.trim(),
              method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
            },
          },
        ],
      })
    : { result: [] };
  const user = found[0];
  if (!user) return again(new Map([['userName', [words.noSuchUser]]]));
  try {
    await writeThen(
      context,
      () =>
        context.call(addUserGrantOperation as Operation<never, unknown>, {
          userId: user.id,
          projectId,
          roleKeys: posted.roleKeys,
        }),
      `${projectPath(projectId)}/user-grants`,
      'grant',
      again,
    );
  } catch (error) {
    // A role of another project or none of this one: said beside the roles.
    if (error instanceof ServiceError && error.id === 'PROJECT-ROLE-NOT-FOUND')
      return again(new Map([['roleKeys', [error.message]]]));
    throw error;
  }
}

/** A grant's roles posted: UpdateUserGrant, then the grants. */
export const updateUserGrantAction = partChange(
  updateUserGrantOperation as Operation<never, unknown>,
  (context) => ({
    ...formOf(context.request, { userId: 200, grantId: 200 }),
    roleKeys: valuesOf(context, 'roleKeys'),
  }),
  '/user-grants',
  'grantChanged',
);

/** A grant's removal: RemoveUserGrant, then the grants. */
export const removeUserGrantAction = partChange(
  removeUserGrantOperation as Operation<never, unknown>,
  (context) => formOf(context.request, { userId: 200, grantId: 200 }),
  '/user-grants',
  'grantRemoved',
);
