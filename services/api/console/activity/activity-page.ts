import { html, type Language, type SafeHtml } from '../../login/kit/page-kit.js';
import { queryOf } from '../../login/kit/forms.js';
import { listEventTypesOperation } from '../../operations/list-event-types/list-event-types.operation.js';
import { listEventsOperation } from '../../operations/list-events/list-events.operation.js';
import type { ListEventsRequest } from '../../operations/list-events/list-events.request.generated.js';
import { listUsersOperation } from '../../operations/list-users/list-users.operation.js';
import type { EventView } from '../../queries/event-queries.js';
import { consolePage, sendPage, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField } from '../console-forms.js';
import { CONSOLE_PATH } from '../console-session.js';

/** Events on one page. */
const EVENTS_PER_PAGE = 50;

/** The kinds of aggregate, each a prefix of its events' types, as the type filter offers them. */
const KINDS = ['user.', 'project.', 'org.', 'idp.', 'instance.'] as const;

interface ActivityWords {
  title: string;
  intro: string;
  editor: string;
  editorHint: string;
  noSuchEditor: (name: string) => string;
  type: string;
  anyType: string;
  kinds: Record<(typeof KINDS)[number], string>;
  apply: string;
  when: string;
  what: string;
  who: string;
  changed: string;
  noEditor: string;
  details: string;
  none: string;
  older: string;
  ofItem: string;
  all: string;
}

const WORDS: Record<Language, ActivityWords> = {
  en: {
    title: 'Activity',
    intro:
      'What changed in the organization, who changed it and when, newest first, from the events the service records.',
    editor: 'Changed by (user name)',
    editorHint: 'Empty for everyone.',
    noSuchEditor: (name) => `There is no user named ${name} in this organization.`,
    type: 'Kind of change',
    anyType: 'Every kind',
    kinds: {
      'user.': 'Every change of a user',
      'project.': 'Every change of a project',
      'org.': 'Every change of the organization',
      'idp.': 'Every change of an identity provider',
      'instance.': 'Every change of the instance',
    },
    apply: 'Show',
    when: 'When',
    what: 'What',
    who: 'Who',
    changed: 'Changed',
    noEditor: 'the person themselves, or the service',
    details: 'Details',
    none: 'Nothing matches.',
    older: 'Older changes',
    ofItem: 'Showing the changes of one item only.',
    all: 'Show every change',
  },
  de: {
    title: 'Aktivität',
    intro:
      'Was sich in der Organisation geändert hat, wer es geändert hat und wann, das Neueste zuerst, aus den Ereignissen, die der Dienst aufzeichnet.',
    editor: 'Geändert von (Benutzername)',
    editorHint: 'Leer für alle.',
    noSuchEditor: (name) => `In dieser Organisation gibt es keinen Benutzer namens ${name}.`,
    type: 'Art der Änderung',
    anyType: 'Jede Art',
    kinds: {
      'user.': 'Jede Änderung eines Benutzers',
      'project.': 'Jede Änderung eines Projekts',
      'org.': 'Jede Änderung der Organisation',
      'idp.': 'Jede Änderung eines Identitätsanbieters',
      'instance.': 'Jede Änderung der Instanz',
    },
    apply: 'Anzeigen',
    when: 'Wann',
    what: 'Was',
    who: 'Wer',
    changed: 'Geändert',
    noEditor: 'die Person selbst oder der Dienst',
    details: 'Details',
    none: 'Nichts passt.',
    older: 'Ältere Änderungen',
    ofItem: 'Es werden nur die Änderungen eines Eintrags gezeigt.',
    all: 'Alle Änderungen zeigen',
  },
};

/** Where an aggregate's console page is, for those that have one. */
function itemHref(event: EventView): string | undefined {
  const id = encodeURIComponent(event.aggregate.id);
  if (event.aggregate.type.type === 'user') return `${CONSOLE_PATH}/users/${id}`;
  if (event.aggregate.type.type === 'project') return `${CONSOLE_PATH}/projects/${id}`;
  return undefined;
}

/**
 * The organization's activity (ListEvents, `event.read`): the events newest first, EVENTS_PER_PAGE
 * at a time (older ones after the page's last sequence), filtered by who made them (a user name,
 * looked up with ListUsers) and by their type (one of ListEventTypes' or every type of a kind),
 * or those of one item (`?item=`, as a user's page links it).
 */
export async function activityPage(context: ConsoleContext): Promise<void> {
  const words = WORDS[context.language];
  const asked = queryOf(context.request, { editor: 200, type: 100, item: 60, before: 20 });
  const editorName = asked.editor.trim();
  const { eventTypes } = await context.call(listEventTypesOperation, {});
  const types = eventTypes.map(({ type }) => type);
  const type =
    (KINDS as readonly string[]).includes(asked.type) || types.includes(asked.type)
      ? asked.type
      : '';
  let editorUserId: string | undefined;
  const violations = new Map<string, string[]>();
  if (editorName) {
    const found = await context.call(listUsersOperation, {
      query: { limit: 1 },
      queries: [
        { userNameQuery: { userName: editorName, method: 'TEXT_QUERY_METHOD_EQUALS_IGNORE_CASE' } },
      ],
    });
    editorUserId = found.result[0]?.id;
    if (!editorUserId) violations.set('editor', [words.noSuchEditor(editorName)]);
  }
  const request: ListEventsRequest = {
    limit: EVENTS_PER_PAGE,
    ...(/^[1-9][0-9]{0,18}$/.test(asked.before) && { sequence: asked.before }),
    ...(editorUserId && { editorUserId }),
    ...(type && { eventTypes: [type] }),
    ...(/^[0-9a-f-]{36}$/.test(asked.item) && { aggregateId: asked.item }),
  };
  const events =
    violations.size > 0 ? [] : (await context.call(listEventsOperation, request)).events;
  const { byField } = fieldViolations(violations, ['editor']);
  const option = (value: string, label: string) =>
    html`<option value="${value}" ${value === type && html`selected`}>${label}</option>`;
  const older = (sequence: string) => {
    const params = new URLSearchParams();
    if (editorName) params.set('editor', editorName);
    if (type) params.set('type', type);
    if (request.aggregateId) params.set('item', request.aggregateId);
    params.set('before', sequence);
    return `${CONSOLE_PATH}/activity?${params.toString()}`;
  };
  const body = html`<p>${words.intro}</p>
    ${
      request.aggregateId &&
      html`<p class="notice">
        ${words.ofItem} <a href="${CONSOLE_PATH}/activity">${words.all}</a>
      </p>`
    }
    <form class="search" method="get" action="${CONSOLE_PATH}/activity">
      ${request.aggregateId && html`<input type="hidden" name="item" value="${request.aggregateId}" />`}
      <div class="grow">
        ${formField({
          name: 'editor',
          label: words.editor,
          value: editorName,
          hint: words.editorHint,
          violations: byField.get('editor'),
        })}
      </div>
      <div class="field grow">
        <label for="activity-type">${words.type}</label>
        <select id="activity-type" name="type">
          ${option('', words.anyType)} ${KINDS.map((kind) => option(kind, words.kinds[kind]))}
          ${types.map((each) => option(each, each))}
        </select>
      </div>
      <div class="field"><button type="submit">${words.apply}</button></div>
    </form>
    ${
      events.length === 0
        ? html`<p role="status">${words.none}</p>`
        : html`${eventTable(context, words, events)}
          ${
            events.length === EVENTS_PER_PAGE &&
            html`<nav class="pages" aria-label="${words.older}">
              <a href="${older(events.at(-1)!.sequence)}">${words.older}</a>
            </nav>`
          }`
    }`;
  sendPage(
    context,
    violations.size > 0 ? 400 : 200,
    consolePage(context, words.title, body, 'activity'),
  );
}

function eventTable(context: ConsoleContext, words: ActivityWords, events: EventView[]): SafeHtml {
  const locale = context.language === 'de' ? 'de-DE' : 'en-GB';
  return html`<div class="table-wrap">
    <table class="list">
      <thead>
        <tr>
          <th scope="col">${words.when}</th>
          <th scope="col">${words.what}</th>
          <th scope="col">${words.who}</th>
          <th scope="col">${words.details}</th>
        </tr>
      </thead>
      <tbody>
        ${events.map((event) => {
          const at = new Date(event.creationDate);
          const href = itemHref(event);
          const editor = event.editor;
          return html`<tr>
            <td>
              <time datetime="${at.toISOString()}"
                >${at.toLocaleString(locale, {
                  dateStyle: 'medium',
                  timeStyle: 'medium',
                  timeZone: 'UTC',
                })}
                UTC</time
              >
            </td>
            <td>
              <code>${event.type.type}</code><br />
              ${
                href
                  ? html`<a href="${href}">${event.aggregate.type.type} ${event.aggregate.id}</a>`
                  : html`${event.aggregate.type.type} ${event.aggregate.id}`
              }
            </td>
            <td>
              ${
                editor
                  ? html`<a href="${CONSOLE_PATH}/users/${encodeURIComponent(editor.userId)}"
                      >${editor.displayName || editor.preferredLoginName || editor.userId}</a
                    >`
                  : html`<span class="hint">${words.noEditor}</span>`
              }
            </td>
            <td>
              ${
                Object.keys(event.payload).length > 0 &&
                html`<details>
                  <summary>${words.changed}</summary>
                  <pre>${JSON.stringify(event.payload, null, 2)}</pre>
                </details>`
              }
            </td>
          </tr>`;
        })}
      </tbody>
    </table>
  </div>`;
}
