import type { ConsoleRouter } from '../console-page.js';
import {
  addAppAction,
  appPage,
  appsPage,
  newAppPage,
  removeAppAction,
  updateAppAction,
} from './project-apps.js';
import {
  addProjectGrantAction,
  projectGrantsPage,
  removeProjectGrantAction,
} from './project-grants.js';
import { addProjectAction, projectListPage } from './project-list-page.js';
import {
  lifecycleAction,
  projectPage,
  removeAction,
  removePage,
  settingsAction,
} from './project-page.js';
import {
  addRoleAction,
  removeRoleAction,
  rolePage,
  rolesPage,
  updateRoleAction,
} from './project-roles.js';
import {
  addUserGrantAction,
  removeUserGrantAction,
  updateUserGrantAction,
  userGrantsPage,
} from './project-user-grants.js';

/**
 * The Projects section: the list and a new project, a project's settings and lifecycle, its
 * roles, applications (`issuer`: the provider's, whose discovery URL an application is given),
 * user grants and project grants.
 */
export function projectRoutes(router: ConsoleRouter, issuer: string): void {
  router.page('projects', (context) => projectListPage(context));
  router.form('projects/_add', addProjectAction);
  router.page('projects/:id', (context) => projectPage(context));
  router.form('projects/:id/_settings', settingsAction);
  router.form('projects/:id/_deactivate', lifecycleAction('deactivate'));
  router.form('projects/:id/_reactivate', lifecycleAction('reactivate'));
  router.page('projects/:id/remove', removePage);
  router.form('projects/:id/_remove', removeAction);

  router.page('projects/:id/roles', (context) => rolesPage(context));
  router.form('projects/:id/roles/_add', addRoleAction);
  router.form('projects/:id/roles/_remove', removeRoleAction);
  router.page('projects/:id/roles/:key', (context) => rolePage(context));
  router.form('projects/:id/roles/:key/_update', updateRoleAction);

  router.page('projects/:id/apps', appsPage);
  router.page('projects/:id/apps/new', (context) => newAppPage(context));
  router.form('projects/:id/apps/_add', addAppAction(issuer));
  const app = appPage(issuer);
  router.page('projects/:id/apps/:appId', (context) => app(context));
  router.form('projects/:id/apps/:appId/_update', updateAppAction(issuer));
  router.form('projects/:id/apps/:appId/_remove', removeAppAction);

  router.page('projects/:id/user-grants', (context) => userGrantsPage(context));
  router.form('projects/:id/user-grants/_add', addUserGrantAction);
  router.form('projects/:id/user-grants/_update', updateUserGrantAction);
  router.form('projects/:id/user-grants/_remove', removeUserGrantAction);

  router.page('projects/:id/project-grants', (context) => projectGrantsPage(context));
  router.form('projects/:id/project-grants/_add', addProjectGrantAction);
  router.form('projects/:id/project-grants/_remove', removeProjectGrantAction);
}
