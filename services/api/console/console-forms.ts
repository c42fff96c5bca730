import express, { type RequestHandler } from 'express';
import { html, type SafeHtml } from '../login/kit/page-kit.js';

/** A refused request's field violations by the request's field, the request-wide ones under ''. */
export type Violations = Map<string, string[]>;

/**
 * The violations of the form's own fields (`fields`, by the request's field names), and the
 * rest said above the form: a violation of a field the form does not show is still shown.
 */
export function fieldViolations(
  violations: Violations,
  fields: readonly string[],
): { byField: Violations; rest: SafeHtml } {
  const byField: Violations = new Map();
  const rest: string[] = [];
  for (const [field, descriptions] of violations) {
    if (fields.includes(field)) byField.set(field, descriptions);
    else
      rest.push(
        ...descriptions.map((description) => (field ? `${field}: ${description}` : description)),
      );
  }
  return {
    byField,
    rest: html`${
      rest.length > 0 &&
      html`<div class="error" role="alert">
        <ul>
          ${rest.map((said) => html`<li>${said}</li>`)}
        </ul>
      </div>`
    }`,
  };
}

export interface FieldSpec {
  name: string;
  label: string;
  type?: string;
  value?: string;
  required?: boolean;
  autocomplete?: string;
  maxLength?: number;
  /** A file input's kinds of file. */
  accept?: string;
  hint?: string;
  /** What the API said of the field's value, shown beside it. */
  violations?: string[] | undefined;
}

/** A labelled input, its hint and what the API said of it tied to it for assistive technology. */
export function formField(spec: FieldSpec): SafeHtml {
  const id = `field-${spec.name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const invalid = (spec.violations?.length ?? 0) > 0;
  const described = [spec.hint && `${id}-hint`, invalid && `${id}-error`].filter(Boolean).join(' ');
  return html`<div class="field${invalid ? ' invalid' : ''}">
    <label for="${id}">${spec.label}</label>
    <input
      id="${id}"
      name="${spec.name}"
      type="${spec.type ?? 'text'}"
      ${spec.type !== 'file' && html`value="${spec.type === 'password' ? '' : (spec.value ?? '')}"`}
      ${spec.accept && html`accept="${spec.accept}"`}
      ${spec.required && html`required`}
      ${spec.autocomplete && html`autocomplete="${spec.autocomplete}"`}
      ${spec.maxLength && html`maxlength="${spec.maxLength}"`}
      ${invalid && html`aria-invalid="true"`}
      ${described && html`aria-describedby="${described}"`}
    />
    ${spec.hint && html`<p class="hint" id="${id}-hint">${spec.hint}</p>`}
    ${invalid && html`<p class="error" id="${id}-error">${spec.violations!.join(' ')}</p>`}
  </div>`;
}

/**
 * A multipart form read whole, up to `limit` bytes, as the request's body: its text fields, and
 * each file as `{ file: its text, bytes: its bytes }`. A larger body is left unread and marked `tooLarge` (no field
 * of it is read, the CSRF token neither: the work answers its form again and writes nothing),
 * never the API's JSON error.
 */
export function multipartForm(limit: number): RequestHandler {
  const raw = express.raw({ type: 'multipart/form-data', limit });
  return (request, response, next) => {
    raw(request, response, (error?: unknown) => {
      if (error) {
        request.body = { tooLarge: true };
        // The rest of the body is not wanted: the connection closes after the answer.
        response.set('connection', 'close');
        return next();
      }
      if (!Buffer.isBuffer(request.body)) {
        request.body = {};
        return next();
      }
      new Response(request.body, {
        headers: { 'content-type': request.get('content-type') ?? '' },
      })
        .formData()
        .then(async (form) => {
          const body: Record<string, unknown> = {};
          for (const [name, value] of form)
            body[name] =
              typeof value === 'string'
                ? value
                : { file: await value.text(), bytes: Buffer.from(await value.arrayBuffer()) };
          request.body = body;
          next();
        })
        .catch(() => {
          request.body = {};
          next();
        });
    });
  };
}
