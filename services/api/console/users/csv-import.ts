import { Readable } from 'node:stream';
import { CSV_FIELDS, csvRequest, csvRows, type CsvField } from '../../cli/migrate/sources.js';
import { html, SafeHtml } from '../../login/kit/page-kit.js';
import type { ImportHumanUsersResponse } from '../../operations/import-human-users/import-human-users.handler.js';
import { importHumanUsersOperation } from '../../operations/import-human-users/import-human-users.operation.js';
import { consolePage, csrfField, sendPage, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { CONSOLE_PATH } from '../console-session.js';
import { userPath } from './user-page.js';
import { USER_WORDS, type UserWords } from './user-words.js';

/** The largest file the console imports, and its most rows: more is identityctl's. */
export const IMPORT_BYTES = 10 * 1024 * 1024;
export const IMPORT_ROWS = 10_000;
/** Users per ImportHumanUsers call: the batch import's most. */
const BATCH = 1000;

/** A CSV column by the name of its field: the header row names the fields. */
const COLUMNS = new Map<string, CsvField>(CSV_FIELDS.map((field) => [field, field]));

/** The import's form: the file, whether to send the initialization emails, what is read. */
export function importPage(
  context: ConsoleContext,
  status = 200,
  violations: Violations = new Map(),
) {
  const words = USER_WORDS[context.language];
  const { byField, rest } = fieldViolations(violations, ['file']);
  const body = html`<p>${words.importIntro}</p>
    <p>${words.importColumns}</p>
    <p><code>${CSV_FIELDS.join(', ')}</code></p>
    <form
      method="post"
      action="${CONSOLE_PATH}/users/_import"
      enctype="multipart/form-data"
      class="narrow"
    >
      ${csrfField(context)} ${rest}
      ${formField({
        name: 'file',
        label: words.importFile,
        type: 'file',
        accept: '.csv,text/csv',
        required: true,
        hint: words.importFileHint,
        violations: byField.get('file'),
      })}
      <div class="field check">
        <input type="checkbox" id="field-send" name="sendEmails" value="1" />
        <label for="field-send">${words.sendEmails}</label>
      </div>
      <div class="actions">
        <button type="submit">${words.startImport}</button>
        <a class="button secondary" href="${CONSOLE_PATH}/users">${context.words.cancel}</a>
      </div>
    </form>`;
  sendPage(context, status, consolePage(context, words.importTitle, body, 'users'));
}

/** One row's outcome in the report. */
interface RowResult {
  row: number;
  userName: string;
  userId?: string;
  outcome: 'created' | 'existed' | 'refused';
  said?: string;
}

/**
 * The file posted: its rows read (the header row names the fields), then imported through
 * ImportHumanUsers BATCH at a time. The page is sent as it goes: its top at once, a line of
 * progress after each batch (announced politely to assistive technology), and the report of
 * every row at the end, so that a large file shows how far it got without a script.
 */
export async function importAction(context: ConsoleContext): Promise<void> {
  const words = USER_WORDS[context.language];
  const body = context.request.body as {
    file?: { file: string };
    sendEmails?: string;
    tooLarge?: true;
  };
  if (body.tooLarge)
    return importPage(context, 413, new Map([['file', [words.importTooLarge('10 MB')]]]));
  if (!body.file || body.file.file.length === 0)
    return importPage(context, 400, new Map([['file', [words.importNoFile]]]));
  const rows: Record<string, string>[] = [];
  try {
    for await (const row of Readable.from([body.file.file]).pipe(csvRows()) as AsyncIterable<
      Record<string, string>
    >) {
      if (rows.length === IMPORT_ROWS)
        return importPage(context, 400, new Map([['file', [words.importTooMany(IMPORT_ROWS)]]]));
      rows.push(row);
    }
  } catch (error) {
    const said = words.importUnreadable(rows.length + 2, (error as Error).message);
    return importPage(context, 400, new Map([['file', [said]]]));
  }
  if (rows.length === 0) return importPage(context, 400, new Map([['file', [words.importEmpty]]]));

  // Everything from here on is the one page, sent as the import goes.
  const marker = '<!--progress-->';
  const [top, bottom] = consolePage(
    context,
    words.importTitle,
    html`<div role="status" aria-live="polite" class="progress-lines">
      ${new SafeHtml(marker)}
    </div>`,
    'users',
  ).split(marker) as [string, string];
  const { response } = context;
  response.status(200).set('cache-control', 'no-store').type('html');
  response.write(top);
  const results: RowResult[] = [];
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const imported = (await context.call(importHumanUsersOperation, {
      users: batch.map((row) => csvRequest(row, COLUMNS)),
      sendInitializationEmail: body.sendEmails === '1',
    })) as ImportHumanUsersResponse;
    imported.results.forEach((result, index) => {
      const row = at + index + 2; // the header is row 1
      const userName = batch[index]!.userName ?? batch[index]!.email ?? '';
      if ('error' in result && result.error) {
        const violations = result.error.fieldViolations ?? [];
        const said = violations.length
          ? violations.map((v) => `${v.field}: ${v.description}`).join('; ')
          : result.error.message;
        results.push({ row, userName, outcome: 'refused', said });
      } else
        results.push({
          row,
          userName,
          userId: result.userId!,
          outcome: 'alreadyExisted' in result && result.alreadyExisted ? 'existed' : 'created',
        });
    });
    response.write(
      html`<p>${words.importProgress(Math.min(at + BATCH, rows.length), rows.length)}</p>`.text,
    );
  }
  const count = (outcome: RowResult['outcome']) =>
    results.filter((r) => r.outcome === outcome).length;
  response.write(
    html`<p class="notice">${words.importDone(count('created'), count('existed'), count('refused'))}</p>
      </div>
      ${report(words, results)}
      <p><a href="${CONSOLE_PATH}/users/import">${words.importAgain}</a></p>`.text,
  );
  response.end(bottom);
}

function report(words: UserWords, results: RowResult[]): SafeHtml {
  const outcome = (result: RowResult) =>
    result.outcome === 'created'
      ? words.resultCreated
      : result.outcome === 'existed'
        ? words.resultExisted
        : result.said;
  return html`<h2>${words.importReport}</h2>
    <div class="table-wrap">
      <table class="list">
        <thead>
          <tr>
            <th scope="col">${words.row}</th>
            <th scope="col">${words.userName}</th>
            <th scope="col">${words.result}</th>
          </tr>
        </thead>
        <tbody>
          ${results.map(
            (result) =>
              html`<tr class="${result.outcome}">
                <td>${result.row}</td>
                <td>
                  ${
                    result.userId
                      ? html`<a href="${userPath(result.userId)}">${result.userName}</a>`
                      : result.userName
                  }
                </td>
                <td>${outcome(result)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
