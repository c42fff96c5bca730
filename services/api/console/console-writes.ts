import { ServiceError } from '../../../shared/errors/service-error.js';
import { formOf, queryOf } from '../login/kit/forms.js';
import type { ConsoleContext } from './console-page.js';
import type { Violations } from './console-forms.js';

/**
 * What every section's forms do around a write: the version a form was made from as If-Match,
 * the API's refusal as violations by field, and the page after the write, whose reads wait for it.
 */

/** A write's answer: the position of its last event, which the next page's reads wait for. */
export type Written = { details: { sequence: string } };

/** The address of the page after a write: it shows the write (its reads wait for it) and says so. */
export const afterWrite = (path: string, written: Written, done?: string) =>
  `${path}?after=${encodeURIComponent(written.details.sequence)}${done ? `&done=${done}` : ''}`;

/** A page's `after`: the sequence of the write it must show, when it is one. */
export function afterOf(context: ConsoleContext): { afterSequence?: string } {
  const { after } = queryOf(context.request, { after: 20 });
  return /^[1-9][0-9]{0,18}$/.test(after) ? { afterSequence: after } : {};
}

/** The version a form was made from, as If-Match (a form without one changes whatever is there). */
export function ifMatchOf(context: ConsoleContext): { ifMatch?: string } {
  const { version } = formOf(context.request, { version: 20 });
  return /^[0-9]{1,19}$/.test(version) ? { ifMatch: `"${version}"` } : {};
}

/** The request's field violations by field, the request-wide ones under ''. */
export function violationsByField(error: ServiceError): Violations {
  const byField: Violations = new Map();
  for (const { field, description } of error.fieldViolations) {
    const key = field ?? '';
    byField.set(key, [...(byField.get(key) ?? []), description]);
  }
  if (error.fieldViolations.length === 0) byField.set('', [error.message]);
  return byField;
}
