import type { ConsoleRouter } from '../console-page.js';
import { importAction, importPage } from './csv-import.js';
import { newUserAction, newUserPage } from './new-user-form.js';
import { profileAction, profileFormPage } from './profile-form.js';
import { userListPage } from './user-list-page.js';
import {
  lifecycleAction,
  passwordAction,
  removeAction,
  removeOtpAction,
  removePage,
  removePasskeyAction,
  resendAction,
  userPage,
} from './user-page.js';

/** The Users section: the list, a user's page and its actions. */
export function userRoutes(router: ConsoleRouter): void {
  router.page('users', userListPage);
  // Before users/:id, which they would otherwise be.
  router.page('users/new', async (context) => newUserPage(context));
  router.form('users/_new', newUserAction);
  router.page('users/import', async (context) => importPage(context));
  router.upload('users/_import', importAction);
  router.page('users/:id', (context) => userPage(context));
  router.page('users/:id/remove', removePage);
  router.page('users/:id/profile', (context) => profileFormPage(context));
  router.form('users/:id/_profile', profileAction);
  router.form('users/:id/_deactivate', lifecycleAction('deactivate'));
  router.form('users/:id/_reactivate', lifecycleAction('reactivate'));
  router.form('users/:id/_lock', lifecycleAction('lock'));
  router.form('users/:id/_unlock', lifecycleAction('unlock'));
  router.form('users/:id/_remove', removeAction);
  router.form('users/:id/_password', passwordAction);
  router.form('users/:id/_resend_initialization', resendAction);
  router.form('users/:id/_remove_otp', removeOtpAction);
  router.form('users/:id/passkeys/:tokenId/_remove', removePasskeyAction);
}
