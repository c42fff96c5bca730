import { pagedList } from '../console-pager.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf } from '../../login/kit/forms.js';
import { html, type SafeHtml } from '../../login/kit/page-kit.js';
import { addOrgMemberOperation } from '../../operations/add-org-member/add-org-member.operation.js';
import { getMyOrgOperation } from '../../operations/get-my-org/get-my-org.operation.js';
import { listOrgMembersOperation } from '../../operations/list-org-members/list-org-members.operation.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import type { Operation } from '../../operations/operation.js';
import { removeOrgMemberOperation } from '../../operations/remove-org-member/remove-org-member.operation.js';
import { updateOrgMemberOperation } from '../../operations/update-org-member/update-org-member.operation.js';
import type { MemberView } from '../../queries/org-queries.js';
import { csrfField, messagePage, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, afterWrite, ifMatchOf, violationsByField } from '../console-writes.js';
import { actionButton, doneNotice, ORG_PATH, orgWords, sendOrgPage } from './org-kit.js';
import { ORG_ROLES, type OrgRole, type OrgWords } from './org-words.js';

/** A write's answer: the position of its last event, which the next page's reads wait for. */
export type Written = { details: { sequence: string } };

/** The most members the page lists. */

/** The add-member form as posted. */
interface MemberForm {
  userName: string;
  roles: OrgRole[];
}

/**
 * The organization's page (GetMyOrg): its name, state and ID, and its members with their roles
 * (ListOrgMembers); with `org.member.write`, a member removed and one added by user name with
 * the roles chosen (AddOrgMember).
 */
export async function orgPage(
  context: ConsoleContext,
  status = 200,
  posted?: MemberForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  const paged = pagedList(context, ORG_PATH);
  const [{ org }, members] = await Promise.all([
    context.call(getMyOrgOperation, {}, afterOf(context)),
    context.call(listOrgMembersOperation, { query: paged.query }, afterOf(context)),
  ]);
  const write = context.may('org.member.write');
  const body = html`${doneNotice(context, {
      added: words.memberAdded,
      removed: words.memberRemoved,
      changed: words.memberChanged,
    })}
    <section aria-labelledby="org-details">
      <h2 id="org-details">${words.pages.overview}</h2>
      <dl>
        <dt>${words.name}</dt>
        <dd>${org.name}</dd>
        <dt>${words.state}</dt>
        <dd>
          <span class="state state-${org.state}">${words.states[org.state] ?? org.state}</span>
        </dd>
        <dt>${words.id}</dt>
        <dd><code>${org.id}</code></dd>
      </dl>
    </section>
    <section aria-labelledby="members">
      <h2 id="members">${words.pages.members}</h2>
      ${
        members.result.length === 0
          ? html`<p>${words.noMembers}</p>`
          : memberTable(context, words, members.result, write)
      }
      ${paged.nav(members)} ${write && addMemberForm(context, words, posted, violations)}
    </section>`;
  sendOrgPage(context, status, org.name || words.title, 'overview', body);
}

function memberName(member: MemberView): string {
  return member.displayName || member.preferredLoginName || member.userId;
}

function memberTable(
  context: ConsoleContext,
  words: OrgWords,
  members: MemberView[],
  write: boolean,
): SafeHtml {
  return html`<div class="table-wrap">
    <table class="list members">
      <thead>
        <tr>
          <th scope="col">${words.member}</th>
          <th scope="col">${words.userName}</th>
          <th scope="col">${words.roles}</th>
          ${write && html`<th scope="col">${words.actions}</th>`}
        </tr>
      </thead>
      <tbody>
        ${members.map(
          (member) =>
            html`<tr>
              <th scope="row">
                ${memberName(member)}
                ${
                  member.userType === 'TYPE_MACHINE' &&
                  html`<span class="hint">(${words.userTypes.machine})</span>`
                }
              </th>
              <td>${member.preferredLoginName}</td>
              <td>
                ${member.roles.map((role) => words.roleNames[role as OrgRole] ?? role).join(', ')}
              </td>
              ${
                write &&
                html`<td>
                  <a
                    class="button secondary"
                    href="${memberPath(member.userId)}"
                    aria-label="${words.changeRolesOf(memberName(member))}"
                    >${words.changeRoles}</a
                  >
                  ${actionButton(
                    context,
                    `${ORG_PATH}/_remove_member`,
                    words.removeMember(memberName(member)),
                    'secondary',
                    { userId: member.userId },
                  )}
                </td>`
              }
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function addMemberForm(
  context: ConsoleContext,
  words: OrgWords,
  posted: MemberForm | undefined,
  violations: Violations,
): SafeHtml {
  const { byField, rest } = fieldViolations(violations, ['userName', 'roles']);
  const roleErrors = byField.get('roles');
  return html`<form method="post" action="${ORG_PATH}/_add_member" class="narrow add-member">
    <h3>${words.addMember}</h3>
    ${csrfField(context)} ${rest}
    ${formField({
      name: 'userName',
      label: words.memberUserName,
      value: posted?.userName ?? '',
      required: true,
      maxLength: 200,
      hint: words.memberUserNameHint,
      violations: byField.get('userName'),
    })}
    ${roleFieldset(words, posted?.roles ?? [], roleErrors)}
    <button type="submit">${words.addMember}</button>
  </form>`;
}

/** The organization's roles to tick, each described in a sentence; `chosen` ticked. */
function roleFieldset(words: OrgWords, chosen: readonly string[], errors?: string[]): SafeHtml {
  return html`<fieldset
    class="roles${errors ? ' invalid' : ''}"
    ${errors && html`aria-describedby="roles-error"`}
  >
    <legend>${words.roles}</legend>
    ${ORG_ROLES.map(
      (role) =>
        html`<div class="field check described">
          <input
            type="checkbox"
            id="role-${role}"
            name="role_${role}"
            value="1"
            aria-describedby="role-${role}-hint"
            ${chosen.includes(role) && html`checked`}
          />
          <label for="role-${role}">${words.roleNames[role]}</label>
          <p class="hint" id="role-${role}-hint">${words.roleDescriptions[role]}</p>
        </div>`,
    )}
    ${errors && html`<p class="error" id="roles-error">${errors.join(' ')}</p>`}
  </fieldset>`;
}

/** The roles ticked in a posted form. */
function rolesPosted(context: ConsoleContext): OrgRole[] {
  const read: Record<string, string> = formOf(
    context.request,
    Object.fromEntries(ORG_ROLES.map((role) => [`role_${role}`, 1])),
  );
  return ORG_ROLES.filter((role) => read[`role_${role}`] === '1');
}

const memberPath = (userId: string) => `${ORG_PATH}/members/${encodeURIComponent(userId)}`;

/**
 * A member's roles to change (`org.member.write`): the roles held ticked (ListOrgMembers of that
 * user), saved by UpdateOrgMember with If-Match the organization's version shown (members are part
 * of it), so that a change made meanwhile by someone else is said, not overwritten.
 */
export async function memberPage(
  context: ConsoleContext,
  status = 200,
  posted?: OrgRole[],
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  if (!context.may('org.member.write'))
    return messagePage(context, 403, context.words.forbiddenTitle, context.words.forbidden);
  const userId = String(context.request.params.userId);
  const [{ org }, { result }] = await Promise.all([
    context.call(getMyOrgOperation, {}, afterOf(context)),
    context.call(listOrgMembersOperation, {
      query: { limit: 1 },
      queries: [{ userIdQuery: { userId } }],
    }),
  ]);
  const member = result.find((each) => each.userId === userId);
  if (!member)
    return messagePage(context, 404, context.words.notFoundTitle, context.words.notFound);
  const version =
    status === 200 ? org.details.sequence : formOf(context.request, { version: 20 }).version;
  const { byField, rest } = fieldViolations(violations, ['roles']);
  const body = html`<form method="post" action="${memberPath(userId)}/_update" class="narrow">
    ${csrfField(context)} ${rest}
    <input type="hidden" name="version" value="${version}" />
    <p>${words.userName}: ${member.preferredLoginName}</p>
    ${roleFieldset(words, posted ?? member.roles, byField.get('roles'))}
    <div class="actions">
      <button type="submit">${context.words.save}</button>
      <a class="button secondary" href="${ORG_PATH}">${context.words.cancel}</a>
    </div>
  </form>`;
  sendOrgPage(context, status, words.changeRolesOf(memberName(member)), 'overview', body);
}

/** The member's roles saved (UpdateOrgMember, If-Match the version shown); none ticked is said. */
export async function updateMemberAction(context: ConsoleContext): Promise<void> {
  const roles = rolesPosted(context);
  if (roles.length === 0)
    return memberPage(context, 400, roles, new Map([['roles', [orgWords(context).chooseRole]]]));
  try {
    const written = (await context.call(
      updateOrgMemberOperation as Operation<never, unknown>,
      { userId: String(context.request.params.userId), roles },
      ifMatchOf(context),
    )) as Written;
    context.response.redirect(303, afterWrite(ORG_PATH, written, 'changed'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await memberPage(context, 400, roles, violationsByField(error));
  }
}

/**
 * The add-member form posted: the user found by their user name in the organization (ListUsers,
 * equal ignoring case), then AddOrgMember with the roles ticked; an unknown name or no role is
 * said beside its field.
 */
export async function addMemberAction(context: ConsoleContext): Promise<void> {
  const words = orgWords(context);
  const posted: MemberForm = {
    userName: formOf(context.request, { userName: 200 }).userName.trim(),
    roles: rolesPosted(context),
  };
  const refuse = (field: string, said: string) =>
    orgPage(context, 400, posted, new Map([[field, [said]]]));
  if (!posted.userName) return refuse('userName', words.noSuchUser);
  if (posted.roles.length === 0) return refuse('roles', words.chooseRole);
  const found = await context.call(listUsersOperation, {
    query: { limit: 1 },
    queries: [
      {
        userNameQuery: {
          userName: posted.userName,
          method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE',
        },
      },
    ],
  });
  const user = found.result[0];
  if (!user) return refuse('userName', words.noSuchUser);
  try {
    const written = (await context.call(addOrgMemberOperation as Operation<never, unknown>, {
      userId: user.id,
      roles: posted.roles,
    })) as Written;
    context.response.redirect(303, afterWrite(ORG_PATH, written, 'added'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await orgPage(context, 400, posted, violationsByField(error));
  }
}

/** A member removed (RemoveOrgMember): they hold no role in the organization any more. */
export async function removeMemberAction(context: ConsoleContext): Promise<void> {
  const written = (await context.call(removeOrgMemberOperation as Operation<never, unknown>, {
    userId: formOf(context.request, { userId: 40 }).userId,
  })) as Written;
  context.response.redirect(303, afterWrite(ORG_PATH, written, 'removed'));
}
