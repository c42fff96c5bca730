import type { Language } from '../../login/kit/page-kit.js';

/** The branding choices of a project (privateLabelingSetting), each in the words of its option. */
export type LabelingSetting =
  | 'PRIVATE_LABELING_SETTING_UNSPECIFIED'
  | 'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY'
  | 'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY';

/** What the console's project pages say. */
export interface ProjectWords {
  title: string;
  noProjects: string;
  newProject: string;
  name: string;
  state: string;
  states: Record<string, string>;
  add: string;
  tabs: {
    settings: string;
    roles: string;
    apps: string;
    userGrants: string;
    projectGrants: string;
  };
  projectNav: string;
  settings: string;
  settingsHint: string;
  projectRoleAssertion: string;
  projectRoleAssertionSays: string;
  projectRoleCheck: string;
  projectRoleCheckSays: string;
  hasProjectCheck: string;
  hasProjectCheckSays: string;
  privateLabelingSetting: string;
  privateLabelingSettingSays: string;
  labeling: Record<LabelingSetting, string>;
  on: string;
  off: string;
  details: string;
  id: string;
  created: string;
  changed: string;
  actions: string;
  deactivate: string;
  reactivate: string;
  remove: string;
  removeTitle: (name: string) => string;
  removeConfirm: (name: string) => string;
  removeYes: string;
  done: {
    created: string;
    settings: string;
    deactivated: string;
    reactivated: string;
    role: string;
    roleRemoved: string;
    roleChanged: string;
    app: string;
    appRemoved: string;
    grant: string;
    grantChanged: string;
    grantRemoved: string;
    projectGrant: string;
    projectGrantRemoved: string;
  };
  roles: string;
  noRoles: string;
  roleKey: string;
  roleKeyHint: string;
  displayName: string;
  group: string;
  addRole: string;
  removeRole: (key: string) => string;
  editRole: (name: string) => string;
  apps: string;
  noApps: string;
  newApp: string;
  newAppOf: (project: string) => string;
  clientId: string;
  credentials: string;
  kind: string;
  confidential: string;
  confidentialSays: string;
  public: string;
  publicSays: string;
  redirectUris: string;
  redirectUrisHint: string;
  postLogoutRedirectUris: string;
  postLogoutRedirectUrisHint: string;
  idTokenRoleAssertion: string;
  accessTokenRoleAssertion: string;
  roleAssertionHint: string;
  addApp: string;
  appCreatedTitle: (name: string) => string;
  clientSecret: string;
  secretOnce: string;
  noSecret: string;
  discoveryUrl: string;
  discoveryHint: string;
  toApp: string;
  editApp: string;
  removeApp: string;
  userGrants: string;
  noUserGrants: string;
  user: string;
  userName: string;
  userNameHint: string;
  noSuchUser: string;
  grantRoles: string;
  chooseRoles: string;
  /** The grant forms' filter of the roles they offer. */
  filterRoles: string;
  filter: string;
  allRoles: string;
  rolesOffered: (shown: number, total: number) => string;
  addRolesFirst: string;
  saveRoles: (user: string) => string;
  removeGrant: (user: string) => string;
  projectGrants: string;
  noProjectGrants: string;
  organization: string;
  grantedOrgId: string;
  grantedOrgIdHint: string;
  grantProject: string;
  removeProjectGrant: (org: string) => string;
}

export const PROJECT_WORDS: Record<Language, ProjectWords> = {
  en: {
    title: 'Projects',
    noProjects: 'This organization has no projects yet.',
    newProject: 'New project',
    name: 'Name',
    state: 'State',
    states: { PROJECT_STATE_ACTIVE: 'Active', PROJECT_STATE_INACTIVE: 'Inactive' },
    add: 'Create the project',
    tabs: {
      settings: 'Settings',
      roles: 'Roles',
      apps: 'Applications',
      userGrants: 'User grants',
      projectGrants: 'Project grants',
    },
    projectNav: 'The project’s pages',
    settings: 'Sign-in settings',
    settingsHint: 'A change holds from the next sign-in to an application of the project.',
    projectRoleAssertion: 'Assert roles',
    projectRoleAssertionSays:
      'At sign-in, the user’s roles of this project are given to the application in userinfo (and in ID or access tokens of applications that ask for them).',
    projectRoleCheck: 'Check roles',
    projectRoleCheckSays:
      'At sign-in, a user who holds no role of this project is refused by its applications.',
    hasProjectCheck: 'Check the organization',
    hasProjectCheckSays:
      'At sign-in, a user whose organization neither owns this project nor was granted it is refused by its applications.',
    privateLabelingSetting: 'Branding of the sign-in pages',
    privateLabelingSettingSays:
      'At sign-in, this chooses whose branding the sign-in pages of the project’s applications show.',
    labeling: {
      PRIVATE_LABELING_SETTING_UNSPECIFIED:
        'The service’s default until the user is known, then the user’s organization’s',
      PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY:
        'This organization’s throughout',
      PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY:
        'This organization’s until the user is known, then the user’s organization’s',
    },
    on: 'On',
    off: 'Off',
    details: 'Details',
    id: 'ID',
    created: 'Created',
    changed: 'Last changed',
    actions: 'Actions',
    deactivate: 'Deactivate the project',
    reactivate: 'Reactivate the project',
    remove: 'Remove the project',
    removeTitle: (name) => `Remove ${name}?`,
    removeConfirm: (name) =>
      `The project ${name}, its roles, applications and grants will be removed. Its applications can no longer sign anyone in. This cannot be undone.`,
    removeYes: 'Yes, remove the project',
    done: {
      created: 'The project was created.',
      settings: 'The settings were saved.',
      deactivated: 'The project was deactivated: its applications sign no one in.',
      reactivated: 'The project was reactivated.',
      role: 'The role was added.',
      roleRemoved: 'The role was removed.',
      roleChanged: 'The role was changed.',
      app: 'The application was changed.',
      appRemoved: 'The application was removed.',
      grant: 'The roles were granted.',
      grantChanged: 'The grant was changed.',
      grantRemoved: 'The grant was removed.',
      projectGrant: 'The project was granted to the organization.',
      projectGrantRemoved: 'The project grant was removed.',
    },
    roles: 'Roles',
    noRoles: 'The project has no roles yet.',
    roleKey: 'Key',
    roleKeyHint: 'As applications see it in the roles claim, without spaces.',
    displayName: 'Display name',
    group: 'Group',
    addRole: 'Add the role',
    removeRole: (key) => `Remove the role ${key}`,
    editRole: (name) => `The role ${name}`,
    apps: 'Applications',
    noApps: 'The project has no applications yet.',
    newApp: 'Add an application',
    newAppOf: (project) => `New application of ${project}`,
    clientId: 'Client ID',
    credentials: 'What the application needs',
    kind: 'Kind of client',
    confidential: 'Confidential (a web server that keeps a client secret)',
    confidentialSays: 'Confidential',
    public: 'Public (a browser or native app, with PKCE and no secret)',
    publicSays: 'Public (PKCE)',
    redirectUris: 'Redirect URIs',
    redirectUrisHint: 'One per line: where the sign-in may send the person back with a code.',
    postLogoutRedirectUris: 'Post-logout redirect URIs',
    postLogoutRedirectUrisHint: 'One per line, or none: where signing out may send the person.',
    idTokenRoleAssertion: 'Roles in ID tokens',
    accessTokenRoleAssertion: 'Roles in access tokens',
    roleAssertionHint: 'With the project’s “Assert roles” on.',
    addApp: 'Add the application',
    appCreatedTitle: (name) => `Application ${name} added`,
    clientSecret: 'Client secret',
    secretOnce:
      'Copy the client secret now and keep it safe: it will not be shown again. If it is lost, the application must be added anew.',
    noSecret: 'A public client has no secret: it signs in with PKCE.',
    discoveryUrl: 'Discovery URL',
    discoveryHint: 'Give the application this address: it finds everything else there.',
    toApp: 'To the application’s page',
    editApp: 'Change the application',
    removeApp: 'Remove the application',
    userGrants: 'User grants',
    noUserGrants: 'No user holds a role of this project.',
    user: 'User',
    userName: 'User name',
    userNameHint: 'The user name of a user of this organization.',
    noSuchUser: 'There is no user with this user name in the organization.',
    grantRoles: 'Grant roles',
    chooseRoles: 'Roles',
    filterRoles: 'Offer the roles whose key or name contains',
    filter: 'Filter',
    allRoles: 'Offer every role',
    rolesOffered: (shown, total) =>
      `The forms offer ${shown.toLocaleString('en')} of the project's ${total.toLocaleString('en')} roles; a grant keeps the roles it holds that are not offered.`,
    addRolesFirst: 'Add roles to the project first.',
    saveRoles: (user) => `Save the roles of ${user}`,
    removeGrant: (user) => `Remove the grant of ${user}`,
    projectGrants: 'Project grants',
    noProjectGrants: 'The project is granted to no other organization.',
    organization: 'Organization',
    grantedOrgId: 'Organization ID',
    grantedOrgIdHint: 'The ID of the organization to share the project with.',
    grantProject: 'Grant the project',
    removeProjectGrant: (org) => `Remove the grant to ${org}`,
  },
  de: {
    title: 'Projekte',
    noProjects: 'Diese Organisation hat noch keine Projekte.',
    newProject: 'Neues Projekt',
    name: 'Name',
    state: 'Status',
    states: { PROJECT_STATE_ACTIVE: 'Aktiv', PROJECT_STATE_INACTIVE: 'Inaktiv' },
    add: 'Projekt anlegen',
    tabs: {
      settings: 'Einstellungen',
      roles: 'Rollen',
      apps: 'Anwendungen',
      userGrants: 'Benutzerberechtigungen',
      projectGrants: 'Projektfreigaben',
    },
    projectNav: 'Die Seiten des Projekts',
    settings: 'Anmeldeeinstellungen',
    settingsHint: 'Eine Änderung gilt ab der nächsten Anmeldung an einer Anwendung des Projekts.',
    projectRoleAssertion: 'Rollen mitteilen',
    projectRoleAssertionSays:
      'Bei der Anmeldung erhält die Anwendung die Rollen des Benutzers in diesem Projekt über userinfo (und in ID- oder Access-Tokens von Anwendungen, die sie verlangen).',
    projectRoleCheck: 'Rollen prüfen',
    projectRoleCheckSays:
      'Bei der Anmeldung weisen die Anwendungen des Projekts Benutzer ohne eine Rolle in diesem Projekt ab.',
    hasProjectCheck: 'Organisation prüfen',
    hasProjectCheckSays:
      'Bei der Anmeldung weisen die Anwendungen des Projekts Benutzer ab, deren Organisation das Projekt weder besitzt noch freigegeben bekam.',
    privateLabelingSetting: 'Gestaltung der Anmeldeseiten',
    privateLabelingSettingSays:
      'Bei der Anmeldung bestimmt dies, wessen Gestaltung die Anmeldeseiten der Anwendungen des Projekts zeigen.',
    labeling: {
      PRIVATE_LABELING_SETTING_UNSPECIFIED:
        'Die des Dienstes, bis der Benutzer bekannt ist, dann die seiner Organisation',
      PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY:
        'Durchgehend die dieser Organisation',
      PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY:
        'Die dieser Organisation, bis der Benutzer bekannt ist, dann die seiner Organisation',
    },
    on: 'An',
    off: 'Aus',
    details: 'Details',
    id: 'ID',
    created: 'Angelegt',
    changed: 'Zuletzt geändert',
    actions: 'Aktionen',
    deactivate: 'Projekt deaktivieren',
    reactivate: 'Projekt reaktivieren',
    remove: 'Projekt entfernen',
    removeTitle: (name) => `${name} entfernen?`,
    removeConfirm: (name) =>
      `Das Projekt ${name} wird mit seinen Rollen, Anwendungen und Berechtigungen entfernt. Seine Anwendungen können niemanden mehr anmelden. Das lässt sich nicht rückgängig machen.`,
    removeYes: 'Ja, Projekt entfernen',
    done: {
      created: 'Das Projekt wurde angelegt.',
      settings: 'Die Einstellungen wurden gespeichert.',
      deactivated: 'Das Projekt wurde deaktiviert: Seine Anwendungen melden niemanden an.',
      reactivated: 'Das Projekt wurde reaktiviert.',
      role: 'Die Rolle wurde hinzugefügt.',
      roleRemoved: 'Die Rolle wurde entfernt.',
      roleChanged: 'Die Rolle wurde geändert.',
      app: 'Die Anwendung wurde geändert.',
      appRemoved: 'Die Anwendung wurde entfernt.',
      grant: 'Die Rollen wurden vergeben.',
      grantChanged: 'Die Berechtigung wurde geändert.',
      grantRemoved: 'Die Berechtigung wurde entfernt.',
      projectGrant: 'Das Projekt wurde der Organisation freigegeben.',
      projectGrantRemoved: 'Die Projektfreigabe wurde entfernt.',
    },
    roles: 'Rollen',
    noRoles: 'Das Projekt hat noch keine Rollen.',
    roleKey: 'Schlüssel',
    roleKeyHint: 'So sehen Anwendungen die Rolle im Rollen-Claim, ohne Leerzeichen.',
    displayName: 'Anzeigename',
    group: 'Gruppe',
    addRole: 'Rolle hinzufügen',
    removeRole: (key) => `Rolle ${key} entfernen`,
    editRole: (name) => `Die Rolle ${name}`,
    apps: 'Anwendungen',
    noApps: 'Das Projekt hat noch keine Anwendungen.',
    newApp: 'Anwendung hinzufügen',
    newAppOf: (project) => `Neue Anwendung von ${project}`,
    clientId: 'Client-ID',
    credentials: 'Was die Anwendung braucht',
    kind: 'Art des Clients',
    confidential: 'Vertraulich (ein Webserver, der ein Client-Geheimnis verwahrt)',
    confidentialSays: 'Vertraulich',
    public: 'Öffentlich (eine Browser- oder native App, mit PKCE und ohne Geheimnis)',
    publicSays: 'Öffentlich (PKCE)',
    redirectUris: 'Weiterleitungs-URIs',
    redirectUrisHint:
      'Eine pro Zeile: wohin die Anmeldung die Person mit einem Code zurückschickt.',
    postLogoutRedirectUris: 'Weiterleitungs-URIs nach der Abmeldung',
    postLogoutRedirectUrisHint:
      'Eine pro Zeile, oder keine: wohin die Abmeldung die Person schickt.',
    idTokenRoleAssertion: 'Rollen in ID-Tokens',
    accessTokenRoleAssertion: 'Rollen in Access-Tokens',
    roleAssertionHint: 'Wenn „Rollen mitteilen“ des Projekts an ist.',
    addApp: 'Anwendung hinzufügen',
    appCreatedTitle: (name) => `Anwendung ${name} hinzugefügt`,
    clientSecret: 'Client-Geheimnis',
    secretOnce:
      'Kopieren Sie das Client-Geheimnis jetzt und bewahren Sie es sicher auf: Es wird nicht noch einmal angezeigt. Geht es verloren, muss die Anwendung neu hinzugefügt werden.',
    noSecret: 'Ein öffentlicher Client hat kein Geheimnis: Er meldet mit PKCE an.',
    discoveryUrl: 'Discovery-URL',
    discoveryHint: 'Geben Sie der Anwendung diese Adresse: Dort findet sie alles Weitere.',
    toApp: 'Zur Seite der Anwendung',
    editApp: 'Anwendung ändern',
    removeApp: 'Anwendung entfernen',
    userGrants: 'Benutzerberechtigungen',
    noUserGrants: 'Kein Benutzer hat eine Rolle dieses Projekts.',
    user: 'Benutzer',
    userName: 'Benutzername',
    userNameHint: 'Der Benutzername eines Benutzers dieser Organisation.',
    noSuchUser: 'In der Organisation gibt es keinen Benutzer mit diesem Benutzernamen.',
    grantRoles: 'Rollen vergeben',
    chooseRoles: 'Rollen',
    filterRoles: 'Die Rollen anbieten, deren Schlüssel oder Name enthält',
    filter: 'Filtern',
    allRoles: 'Alle Rollen anbieten',
    rolesOffered: (shown, total) =>
      `Die Formulare bieten ${shown.toLocaleString('de')} der ${total.toLocaleString('de')} Rollen des Projekts an; eine Berechtigung behält die Rollen, die sie hat und die nicht angeboten werden.`,
    addRolesFirst: 'Fügen Sie dem Projekt zuerst Rollen hinzu.',
    saveRoles: (user) => `Rollen von ${user} speichern`,
    removeGrant: (user) => `Berechtigung von ${user} entfernen`,
    projectGrants: 'Projektfreigaben',
    noProjectGrants: 'Das Projekt ist keiner anderen Organisation freigegeben.',
    organization: 'Organisation',
    grantedOrgId: 'Organisations-ID',
    grantedOrgIdHint: 'Die ID der Organisation, der das Projekt freigegeben wird.',
    grantProject: 'Projekt freigeben',
    removeProjectGrant: (org) => `Freigabe an ${org} entfernen`,
  },
};
