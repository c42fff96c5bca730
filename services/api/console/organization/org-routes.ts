import type { ConsoleRouter } from '../console-page.js';
import {
  brandingPage,
  previewBrandingAction,
  previewStylesheet,
  resetBrandingAction,
  saveBrandingAction,
} from './branding-page.js';
import {
  addOidcAction,
  addPolicyIdpAction,
  deactivateIdpAction,
  deleteIdpAction,
  deleteIdpPage,
  editOidcPage,
  idpListPage,
  loginPolicyPage,
  reactivateIdpAction,
  removePolicyIdpAction,
  resetLoginPolicyAction,
  saveLoginPolicyAction,
  updateOidcAction,
} from './idp-pages.js';
import {
  addKeyAction,
  addMachineAction,
  addSecretAction,
  addTokenAction,
  deactivateMachineAction,
  machineListPage,
  machinePage,
  reactivateMachineAction,
  removeKeyAction,
  removeMachineAction,
  removeMachinePage,
  removeSecretAction,
  removeTokenAction,
} from './machine-pages.js';
import { orgRoute } from './org-kit.js';
import {
  addMemberAction,
  memberPage,
  orgPage,
  removeMemberAction,
  updateMemberAction,
} from './org-page.js';

/**
 * The Organization section (`org.read`, as its entry in the navigation): the organization and
 * its members, its machine users and their credentials, its branding, its identity providers
 * and its login policy.
 */
export function organizationRoutes(router: ConsoleRouter): void {
  const page = (path: string, work: Parameters<ConsoleRouter['page']>[1]) =>
    router.page(`organization${path}`, orgRoute(work));
  const form = (path: string, work: Parameters<ConsoleRouter['form']>[1]) =>
    router.form(`organization${path}`, orgRoute(work));
  page('', (context) => orgPage(context));
  form('/_add_member', addMemberAction);
  form('/_remove_member', removeMemberAction);
  page('/members/:userId', (context) => memberPage(context));
  form('/members/:userId/_update', updateMemberAction);

  page('/machines', (context) => machineListPage(context));
  form('/machines/_add', addMachineAction);
  page('/machines/:id', (context) => machinePage(context));
  page('/machines/:id/remove', removeMachinePage);
  form('/machines/:id/_deactivate', deactivateMachineAction);
  form('/machines/:id/_reactivate', reactivateMachineAction);
  form('/machines/:id/_remove', removeMachineAction);
  form('/machines/:id/_add_key', addKeyAction);
  form('/machines/:id/_remove_key', removeKeyAction);
  form('/machines/:id/_add_token', addTokenAction);
  form('/machines/:id/_remove_token', removeTokenAction);
  form('/machines/:id/_add_secret', addSecretAction);
  form('/machines/:id/_remove_secret', removeSecretAction);

  page('/branding', (context) => brandingPage(context));
  page('/branding/preview.css', previewStylesheet);
  // Multipart, for a logo's file.
  router.upload('organization/branding/_save', orgRoute(saveBrandingAction));
  router.upload('organization/branding/_preview', orgRoute(previewBrandingAction));
  form('/branding/_reset', resetBrandingAction);

  page('/idps', (context) => idpListPage(context));
  form('/idps/_add', addOidcAction);
  form('/idps/_deactivate', deactivateIdpAction);
  form('/idps/_reactivate', reactivateIdpAction);
  page('/idps/delete', deleteIdpPage);
  form('/idps/_delete', deleteIdpAction);
  page('/idps/:id', (context) => editOidcPage(context));
  form('/idps/:id/_update', updateOidcAction);

  page('/login-policy', loginPolicyPage);
  form('/login-policy/_save', saveLoginPolicyAction);
  form('/login-policy/_reset', resetLoginPolicyAction);
  form('/login-policy/_add_idp', addPolicyIdpAction);
  form('/login-policy/_remove_idp', removePolicyIdpAction);
}
