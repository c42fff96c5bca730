/**
 * The account page in the brand of the signed-in person's organization (GetMyLabelPolicy: its
 * label policy, else the instance default), as the sign-in pages show it once the person is
 * known: the policy's stylesheet of colours and its logo, served by the branding routes, and the
 * service's name unless the policy hides it.
 */
import type { AuthCall } from './auth-service.js';

interface LabelPolicy {
  details: { resourceOwner: string };
  isDefault: boolean;
  hideServiceName?: boolean;
  hasLogo?: boolean;
}

/**
 * The branding routes' address of a policy's file. The version in it is the one the page does
 * not know: the routes then answer the policy's current file and say not to keep it.
 */
const brandFile = (policy: LabelPolicy, file: 'label.css' | 'logo') =>
  `/ui/branding/${policy.isDefault ? 'default' : encodeURIComponent(policy.details.resourceOwner)}/current/${file}`;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Reads the caller's label policy (`call` carries their token) and dresses the page in it. */
export async function applyBrand(call: AuthCall): Promise<void> {
  const { policy } = await call<{ policy: LabelPolicy }>('GetMyLabelPolicy', {});
  const stylesheet = document.createElement('link');
  stylesheet.rel = 'stylesheet';
  stylesheet.href = brandFile(policy, 'label.css');
  document.head.append(stylesheet);
  const logo = byId<HTMLImageElement>('brand-logo');
  if (policy.hasLogo) logo.src = brandFile(policy, 'logo');
  logo.hidden = !policy.hasLogo;
  byId('service-name').hidden = Boolean(policy.hideServiceName);
  byId('brand').hidden = !policy.hasLogo && Boolean(policy.hideServiceName);
}
