import { formOf, queryOf } from '../../login/kit/forms.js';
import { html, type Language } from '../../login/kit/page-kit.js';
import { listOrgsOperation } from '../../operations/list-orgs/list-orgs.operation.js';
import {
  consolePage,
  csrfField,
  firstSection,
  messagePage,
  sendPage,
  type ConsoleContext,
  type ConsoleRouter,
} from '../console-page.js';
import { pageAskedOf, pageHref, pagerNav, pageQuery, type PageAsked } from '../console-pager.js';
import { CONSOLE_PATH } from '../console-session.js';

/** Where the instance's organizations are listed, and where a choice of one is posted. */
export const ORGS_PATH = `${CONSOLE_PATH}/orgs`;

interface OrgsWords {
  search: string;
  searchLabel: string;
  name: string;
  state: string;
  states: Record<string, string>;
  current: string;
  console: string;
  own: string;
  work: string;
  workHere: (name: string) => string;
  switchTitle: string;
  notReachable: string;
}

const ORGS_WORDS: Record<Language, OrgsWords> = {
  en: {
    search: 'Search',
    searchLabel: 'Name starts with',
    name: 'Name',
    state: 'State',
    states: { ORG_STATE_ACTIVE: 'Active', ORG_STATE_INACTIVE: 'Inactive' },
    current: 'The console works here',
    console: 'Console',
    own: 'your own',
    work: 'Work here',
    workHere: (name) => `Work here: ${name}`,
    switchTitle: 'Organization not reachable',
    notReachable:
      'This organization cannot be worked in: it is unknown, inactive, or your roles do not reach it.',
  },
  de: {
    search: 'Suchen',
    searchLabel: 'Name beginnt mit',
    name: 'Name',
    state: 'Status',
    states: { ORG_STATE_ACTIVE: 'Aktiv', ORG_STATE_INACTIVE: 'Inaktiv' },
    current: 'Die Konsole arbeitet hier',
    console: 'Konsole',
    own: 'Ihre eigene',
    work: 'Hier arbeiten',
    workHere: (name) => `Hier arbeiten: ${name}`,
    switchTitle: 'Organisation nicht erreichbar',
    notReachable:
      'In dieser Organisation kann nicht gearbeitet werden: Sie ist unbekannt, inaktiv, oder Ihre Rollen reichen nicht dorthin.',
  },
};

/**
 * The instance's organizations (`instance.org.read`, ListOrgs), for an instance administrator to
 * choose the one the console works in: searchable by the start of the name, by name, each with
 * a button that makes it the console's organization (the person's own is where the console
 * starts). Only the choice is the console's: every page still calls the operations, which
 * authorize the person there as over the API (`x-service-orgid`).
 */
export function orgsRoutes(router: ConsoleRouter): void {
  router.page('orgs', orgsPage);
  router.form('orgs/_switch', switchOrg);
}

async function orgsPage(context: ConsoleContext): Promise<void> {
  if (!context.may('instance.org.read')) return forbidden(context);
  const words = ORGS_WORDS[context.language];
  const name = queryOf(context.request, { q: 200 }).q.trim();
  const asked = pageAskedOf(context);
  const listed = await context.call(listOrgsOperation, {
    query: pageQuery(asked),
    sortingColumn: 'ORG_FIELD_NAME_NAME',
    queries: name
      ? [{ nameQuery: { name, method: 'TEXT_QUERY_METHOD_STARTS_WITH_IGNORE_CASE' } }]
      : [],
  });
  // The search goes with each page's address.
  const hrefOf = (page: PageAsked) =>
    pageHref(ORGS_PATH, page, new URLSearchParams(name ? { q: name } : {}));
  const body = html`<form method="get" action="${ORGS_PATH}" class="search" role="search">
      <div class="field grow">
        <label for="org-search">${words.searchLabel}</label>
        <input id="org-search" name="q" type="search" value="${name}" maxlength="200" />
      </div>
      <div class="field"><button type="submit">${words.search}</button></div>
    </form>
    <div class="table-wrap">
      <table class="list">
        <thead>
          <tr>
            <th scope="col">${words.name}</th>
            <th scope="col">${words.state}</th>
            <th scope="col">${words.console}</th>
          </tr>
        </thead>
        <tbody>
          ${listed.result.map(
            (org) =>
              html`<tr>
                <td>${org.name}${org.id === context.ownOrgId && html` (${words.own})`}</td>
                <td>
                  <span class="state state-${org.state}"
                    >${words.states[org.state] ?? org.state}</span
                  >
                </td>
                <td>
                  ${
                    org.id === context.orgId
                      ? html`<strong>${words.current}</strong>`
                      : html`<form class="inline" method="post" action="${ORGS_PATH}/_switch">
                          ${csrfField(context)}
                          <input type="hidden" name="orgId" value="${org.id}" />
                          <button
                            type="submit"
                            class="secondary"
                            aria-label="${words.workHere(org.name)}"
                          >
                            ${words.work}
                          </button>
                        </form>`
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${pagerNav(context, listed, asked, hrefOf)}`;
  sendPage(context, 200, consolePage(context, context.words.sections.orgs, body, 'orgs'));
}

/**
 * Makes the posted organization the console's, if the person's roles reach some section of it
 * (the operations would refuse everything else); their own organization forgets the choice.
 */
async function switchOrg(context: ConsoleContext): Promise<void> {
  if (!context.may('instance.org.read')) return forbidden(context);
  const { orgId } = formOf(context.request, { orgId: 100 });
  if (orgId === context.ownOrgId || !orgId) {
    context.workIn(undefined);
  } else {
    const there = await context.permissionsIn(orgId);
    if (!firstSection(there)) {
      const words = ORGS_WORDS[context.language];
      return messagePage(context, 404, words.switchTitle, words.notReachable, {
        href: ORGS_PATH,
        text: context.words.back,
      });
    }
    context.workIn(orgId);
  }
  context.response.redirect(303, `${CONSOLE_PATH}/`);
}

function forbidden(context: ConsoleContext): void {
  messagePage(context, 403, context.words.forbiddenTitle, context.words.forbidden);
}
