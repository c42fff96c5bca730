import { ServiceError } from '../../../../shared/errors/service-error.js';
import { formOf, queryOf } from '../../login/kit/forms.js';
import { labelStylesheet } from '../../login/kit/branding-routes.js';
import { html, SERVICE_NAME } from '../../login/kit/page-kit.js';
import { getLabelPolicyOperation } from '../../operations/get-label-policy/get-label-policy.operation.js';
import { getMyOrgOperation } from '../../operations/get-my-org/get-my-org.operation.js';
import { imageTypeOf } from '../../operations/label-policies.js';
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
type BrandingForm = Record<Colour, string> & {
  hideServiceName: boolean;
  version: string;
  /** A new logo the form carries (base64): uploaded, or uploaded and previewed; else none. */
  logo: string;
  /** The logo shown is to go. */
  removeLogo: boolean;
  /** The body was too large to read (a file far beyond a logo's size): nothing of it is read. */
  tooLarge?: boolean;
};

/** A logo's largest base64 text the form carries on (256 KiB as base64, with room). */
const LOGO_TEXT = 360_000;

/**
 * The organization's branding (GetLabelPolicy): its colours and whether the service's name is
 * hidden, with a preview of the sign-in page. The preview is a block of this page shaped as the
 * sign-in page (the service's name, a heading, a field, the button, an error, a link) and
 * coloured by `preview.css`, which sets the policy's colours as profile.css's custom properties
 * on that block alone: no frame, no inline style. It shows the saved policy, or, after
 * "Preview without saving", the form's values. With `policy.write`, the form saves the policy
 * (SetLabelPolicy, If-Match the organization's version, of which the policy is part) or resets it
 * to the instance default (ResetLabelPolicy). The form is multipart, for a logo's file: a new
 * logo replaces the one shown, "Remove the logo" drops it, and otherwise the logo shown is kept
 * (SetLabelPolicy sets the policy whole, so the saved logo's bytes are sent again). A logo
 * previewed before saving is carried on in the form, so that "Save" after "Preview" saves it.
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
    logo: '',
    removeLogo: false,
  };
  const saved = policy.hasLogo ? await context.shownLogo(isDefault) : undefined;
  const write = context.may('policy.write');
  const { byField, rest } = fieldViolations(violations, [...COLOURS, 'hideServiceName', 'logo']);
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
  const logo = logoSource(
    shown.logo ? Buffer.from(shown.logo, 'base64') : shown.removeLogo ? undefined : saved,
  );
  const form = write
    ? html`<form
        method="post"
        action="${BRANDING_PATH}/_save"
        enctype="multipart/form-data"
        class="narrow branding-form"
      >
        ${csrfField(context)}
        <input type="hidden" name="version" value="${shown.version}" />
        ${shown.logo && html`<input type="hidden" name="logo" value="${shown.logo}" />`} ${rest}
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
        ${formField({
          name: 'logoFile',
          label: words.logo,
          type: 'file',
          accept: 'image/png,image/jpeg,image/gif,image/webp',
          hint: words.logoHint,
          violations: byField.get('logo'),
        })}
        ${(saved || shown.logo) && checkbox('removeLogo', words.removeLogo, shown.removeLogo)}
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

/**
 * The form's values as posted: the colours trimmed, the switches ticked or not, and the logo: a
 * file chosen, else the one previewed before.
 */
function postedOf(context: ConsoleContext): BrandingForm {
  const body = context.request.body as { logoFile?: { bytes: Buffer }; tooLarge?: true };
  const form = formOf(context.request, {
    primaryColor: 40,
    backgroundColor: 40,
    warningColor: 40,
    fontColor: 40,
    hideServiceName: 1,
    version: 20,
    logo: LOGO_TEXT,
    removeLogo: 1,
  });
  const chosen = body.logoFile?.bytes;
  return {
    primaryColor: form.primaryColor.trim(),
    backgroundColor: form.backgroundColor.trim(),
    warningColor: form.warningColor.trim(),
    fontColor: form.fontColor.trim(),
    hideServiceName: form.hideServiceName === '1',
    version: form.version,
    logo: chosen && chosen.length > 0 ? chosen.toString('base64') : form.logo,
    removeLogo: form.removeLogo === '1',
    ...(body.tooLarge && { tooLarge: true }),
  };
}

/** An image's address for the preview (a `data:` address, as the pages' CSP allows), if it is one. */
function logoSource(bytes: Buffer | undefined): string | undefined {
  const type = bytes && imageTypeOf(bytes);
  return type && `data:${type};base64,${bytes.toString('base64')}`;
}

/** The form again, saying that its body was too large to read. */
function tooLargeAgain(context: ConsoleContext): Promise<void> {
  return brandingPage(
    context,
    413,
    undefined,
    new Map([['logo', [orgWords(context).logoTooLarge]]]),
  );
}

/** The form saved (SetLabelPolicy, If-Match the version shown); refused input beside its field. */
export async function saveBrandingAction(context: ConsoleContext): Promise<void> {
  const posted = postedOf(context);
  if (posted.tooLarge) return tooLargeAgain(context);
  try {
    const written = (await context.call(
      setLabelPolicyOperation as Operation<never, unknown>,
      {
        ...Object.fromEntries(
          COLOURS.filter((name) => posted[name]).map((name) => [name, posted[name]]),
        ),
        hideServiceName: posted.hideServiceName,
        ...(await logoToSet(context, posted)),
      },
      ifMatchOf(context),
    )) as Written;
    context.response.redirect(303, afterWrite(BRANDING_PATH, written, 'saved'));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.id !== 'REQUEST-INVALID') throw error;
    await brandingPage(context, 400, posted, violationsByField(error));
  }
}

/**
 * The logo SetLabelPolicy is to set: the form's new one, none when it is removed, else the one
 * shown now (If-Match the version the form was made from keeps it the one the person saw).
 */
async function logoToSet(
  context: ConsoleContext,
  posted: BrandingForm,
): Promise<{ logo?: string }> {
  if (posted.logo) return { logo: posted.logo };
  if (posted.removeLogo) return {};
  const { policy, isDefault } = await context.call(getLabelPolicyOperation, {});
  const saved = policy.hasLogo ? await context.shownLogo(isDefault) : undefined;
  return saved ? { logo: saved.toString('base64') } : {};
}

/** The form's values previewed, nothing saved: the page again, its preview of those values. */
export async function previewBrandingAction(context: ConsoleContext): Promise<void> {
  const posted = postedOf(context);
  if (posted.tooLarge) return tooLargeAgain(context);
  await brandingPage(context, 200, posted);
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
