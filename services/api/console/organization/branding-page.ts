import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf, queryOf } from '../../login/kit/forms.js';
import { labelStylesheet } from '../../login/kit/branding-routes.js';
import { html, SERVICE_NAME } from '../../login/kit/page-kit.js';
import { getLabelPolicyOperation } from '../../operations/get-label-policy/get-label-policy.operation.js';
import { getMyOrgOperation } from '../../operations/get-my-org/get-my-org.operation.js';
import type { Operation } from '../../operations/operation.js';
import { resetLabelPolicyOperation } from '../../operations/reset-label-policy/reset-label-policy.operation.js';
import { setLabelPolicyOperation } from '../../operations/set-label-policy/set-label-policy.operation.js';
import { csrfField, type ConsoleContext } from '../console-page.js';
import { fieldViolations, formField, type Violations } from '../console-forms.js';
import { afterOf, afterWrite, ifMatchOf, violationsByField } from '../console-writes.js';
import { actionButton, checkbox, doneNotice, ORG_PATH, orgWords, sendOrgPage } from './org-kit.js';
import type { Written } from './org-page.js';

const BRANDING_PATH = `${ORG_PATH}/branding`;

/** The colours of a label policy, SetLabelPolicy's names. */
const COLOURS = ['primaryColor', 'backgroundColor', 'warningColor', 'fontColor'] as const;
type Colour = (typeof COLOURS)[number];

/** The branding form as shown or posted. */
type BrandingForm = Record<Colour, string> & { hideServiceName: boolean; version: string };

/**
 * The organization's branding (GetLabelPolicy): its colours and whether the service's name is
 * hidden, with a preview of the sign-in page. The preview is a block of this page shaped as the
 * sign-in page (the service's name, a heading, a field, the button, an error, a link) and
 * coloured by `preview.css`, which sets the policy's colours as profile.css's custom properties
 * on that block alone: no frame, no inline style. It shows the saved policy, or, after
 * "Preview without saving", the form's values. With `policy.write`, the form saves the policy
 * (SetLabelPolicy, If-Match the organization's version, of which the policy is part) or resets it
 * to the instance default (ResetLabelPolicy). A logo is not uploaded here.
 */
export async function brandingPage(
  context: ConsoleContext,
  status = 200,
  posted?: BrandingForm,
  violations: Violations = new Map(),
): Promise<void> {
  const words = orgWords(context);
  const [{ policy, isDefault }, { org }] = await Promise.all([
    context.call(getLabelPolicyOperation, {}, afterOf(context)),
    context.call(getMyOrgOperation, {}),
  ]);
  const shown: BrandingForm = posted ?? {
    primaryColor: policy.primaryColor ?? '',
    backgroundColor: policy.backgroundColor ?? '',
    warningColor: policy.warnColor ?? '',
    fontColor: policy.fontColor ?? '',
    hideServiceName: policy.hideServiceName,
    version: org.details.sequence,
  };
  const write = context.may('policy.write');
  const { byField, rest } = fieldViolations(violations, [...COLOURS, 'hideServiceName']);
  const colourField = (name: Colour) =>
    formField({
      name,
      label: words[name],
      value: shown[name],
      maxLength: 7,
      hint: words.colourHint,
      violations: byField.get(name),
    });
  const previewQuery = new URLSearchParams(
    COLOURS.filter((name) => shown[name]).map((name): [string, string] => [name, shown[name]]),
  ).toString();
  const logo = !posted && policy.hasLogo ? context.brand.logo : undefined;
  const form = write
    ? html`<form method="post" action="${BRANDING_PATH}/_save" class="narrow branding-form">
        ${csrfField(context)}
        <input type="hidden" name="version" value="${shown.version}" />
        ${rest}
        <fieldset>
          <legend>${words.colours}</legend>
          ${COLOURS.map(colourField)}
        </fieldset>
        ${checkbox(
          'hideServiceName',
          words.hideServiceName,
          shown.hideServiceName,
          words.hideServiceNameHint,
        )}
        <p class="hint">${policy.hasLogo ? words.logoKept : words.logoNone}</p>
        <div class="actions">
          <button type="submit">${context.words.save}</button>
          <button type="submit" class="secondary" formaction="${BRANDING_PATH}/_preview">
            ${words.previewButton}
          </button>
        </div>
      </form>`
    : html`<dl>
        ${COLOURS.map(
          (name) =>
            html`<dt>${words[name]}</dt>
              <dd>${shown[name] || context.words.none}</dd>`,
        )}
        <dt>${words.hideServiceName}</dt>
        <dd>${shown.hideServiceName ? context.words.yes : context.words.no}</dd>
      </dl>`;
  const body = html`${doneNotice(context, {
      saved: words.brandingSaved,
      reset: words.brandingReset,
    })}
    <p>${isDefault ? words.isDefaultBranding : words.ownBranding}</p>
    <div class="panels branding">
      <section aria-labelledby="branding-form">
        <h2 id="branding-form">${words.colours}</h2>
        ${form}
        ${
          write &&
          !isDefault &&
          actionButton(context, `${BRANDING_PATH}/_reset`, words.resetBranding, 'secondary')
        }
      </section>
      <section aria-labelledby="preview">
        <h2 id="preview">${words.preview}</h2>
        <p>${posted ? words.previewOfForm : words.previewIntro}</p>
        <link rel="stylesheet" href="${BRANDING_PATH}/preview.css?${previewQuery}" />
        <div class="signin-preview" id="signin-preview">
          ${
            (logo || !shown.hideServiceName) &&
            html`<div class="brand">
              ${logo && html`<img class="logo" src="${logo}" alt="" />`}
              ${!shown.hideServiceName && html`<span class="service-name">${SERVICE_NAME}</span>`}
            </div>`
          }
          <p class="preview-title">${context.words.signIn}</p>
          <p class="preview-label">${words.previewField}</p>
          <p class="preview-input">name@example.com</p>
          <p class="preview-error">${words.previewError}</p>
          <p class="preview-button">${words.previewContinue}</p>
          <p class="preview-link">${words.previewLink}</p>
        </div>
      </section>
    </div>`;
  sendOrgPage(context, status, words.pages.branding, 'branding', body);
}

/** The form's values as posted: the colours trimmed, the switch ticked or not. */
function postedOf(context: ConsoleContext): BrandingForm {
  const form = formOf(context.request, {
    primaryColor: 40,
    backgroundColor: 40,
    warningColor: 40,
    fontColor: 40,
    hideServiceName: 1,
    version: 20,
  });
  return {
    primaryColor: form.primaryColor.trim(),
    backgroundColor: form.backgroundColor.trim(),
    warningColor: form.warningColor.trim(),
    fontColor: form.fontColor.trim(),
    hideServiceName: form.hideServiceName === '1',
    version: form.version,
  };
}

/** The form saved (SetLabelPolicy, If-Match the version shown); refused input beside its field. */
export async function saveBrandingAction(context: ConsoleContext): Promise<void> {
  const posted = postedOf(context);
  try {
    const written = (await context.call(
      setLabelPolicyOperation as Operation<never, unknown>,
      {
        ...Object.fromEntries(
          COLOURS.filter((name) => posted[name]).map((name) => [name, posted[name]]),
        ),
        hideServiceName: posted.hideServiceName,
      },
      ifMatchOf(context),
    )) as Written;
    context.response.redirect(303, afterWrite(BRANDING_PATH, written, 'saved'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await brandingPage(context, 400, posted, violationsByField(error));
  }
}

/** The form's values previewed, nothing saved: the page again, its preview of those values. */
export async function previewBrandingAction(context: ConsoleContext): Promise<void> {
  await brandingPage(context, 200, postedOf(context));
}

/** The organization's own policy removed (ResetLabelPolicy): it follows the default again. */
export async function resetBrandingAction(context: ConsoleContext): Promise<void> {
  const written = (await context.call(
    resetLabelPolicyOperation as Operation<never, unknown>,
    {},
  )) as Written;
  context.response.redirect(303, afterWrite(BRANDING_PATH, written, 'reset'));
}

/**
 * The preview's stylesheet: the colours of the address (each `#rgb` or `#rrggbb`, anything else
 * left out, as the sign-in pages' label.css does) as the custom properties of the preview block.
 */
export async function previewStylesheet(context: ConsoleContext): Promise<void> {
  const read = queryOf(context.request, {
    primaryColor: 7,
    backgroundColor: 7,
    warningColor: 7,
    fontColor: 7,
  });
  const css = labelStylesheet(read).replace(':root', '.console .signin-preview');
  context.response.status(200).set('cache-control', 'no-store').type('css').send(css);
}
