import type { DataSource } from 'typeorm';
import { shownPolicy, type Audience } from '../../accounts/label-policies.js';

/** What a page shows of a label policy: its stylesheet and logo (addresses), and the name or not. */
export interface Brand {
  stylesheet?: string;
  logo?: string;
  hideServiceName: boolean;
}

/** The service's own look: no policy. */
export const OWN_LOOK: Brand = { hideServiceName: false };

/** Where the branding is served: `/ui/branding/<owner>/<version>/label.css` and `.../logo`. */
export const BRANDING_PATH = '/ui/branding';

/** The instance default's owner in the branding addresses. */
const DEFAULT_OWNER = 'default';

const ownerInPath = (ownerId: string) => (ownerId === '' ? DEFAULT_OWNER : ownerId);
export const ownerOfPath = (owner: string) => (owner === DEFAULT_OWNER ? '' : owner);

/**
 * The brand of a page for `audience`, as the contract's rule picks its label policy (the
 * accounts' shownPolicy): the policy's stylesheet, its logo, and whether the name is hidden.
 */
export async function brandOf(dataSource: DataSource, audience: Audience): Promise<Brand> {
  const policy = await shownPolicy(dataSource, audience);
  if (!policy) return OWN_LOOK;
  const base = `${BRANDING_PATH}/${encodeURIComponent(ownerInPath(policy.ownerId))}/${policy.version}`;
  return {
    stylesheet: `${base}/label.css`,
    ...(policy.hasLogo && { logo: `${base}/logo` }),
    hideServiceName: policy.hideServiceName,
  };
}
