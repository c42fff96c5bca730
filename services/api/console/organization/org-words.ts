import type { Role } from '../../../../shared/db/entities/role-grant.entity.js';
import type { Language } from '../../login/kit/page-kit.js';

/** The organization roles a member may hold, in the order the pages list them. */
export const ORG_ROLES = [
  'ORG_OWNER',
  'ORG_USER_MANAGER',
  'ORG_PROJECT_OWNER',
  'ORG_USER_VIEWER',
  'ORG_PROJECT_VIEWER',
] as const satisfies readonly Role[];

export type OrgRole = (typeof ORG_ROLES)[number];

/** The login policy's switches (UpdateCustomLoginPolicy's fields). */
export const LOGIN_SWITCHES = ['allowUsernamePassword', 'allowExternalIdp'] as const;

/** The switches of a generic OIDC provider's form (its options and its own flags). */
export const PROVIDER_SWITCHES = [
  'usePkce',
  'isIdTokenMapping',
  'isLinkingAllowed',
  'isCreationAllowed',
  'isAutoCreation',
  'isAutoUpdate',
] as const;

/** What the console's organization pages say. */
export interface OrgWords {
  title: string;
  subNav: string;
  pages: {
    overview: string;
    members: string;
    machines: string;
    branding: string;
    idps: string;
    loginPolicy: string;
  };
  name: string;
  state: string;
  states: Record<string, string>;
  id: string;
  created: string;
  changed: string;
  member: string;
  roles: string;
  roleNames: Record<OrgRole, string>;
  roleDescriptions: Record<OrgRole, string>;
  noMembers: string;
  addMember: string;
  memberUserName: string;
  memberUserNameHint: string;
  noSuchUser: string;
  chooseRole: string;
  removeMember: (name: string) => string;
  memberAdded: string;
  memberRemoved: string;
  memberChanged: string;
  changeRoles: string;
  changeRolesOf: (name: string) => string;
  userTypes: { human: string; machine: string };
  machinesIntro: string;
  noMachines: string;
  addMachine: string;
  userName: string;
  machineName: string;
  description: string;
  machineAdded: string;
  keys: string;
  keysIntro: string;
  noKeys: string;
  expires: string;
  never: string;
  addKey: string;
  expirationDate: string;
  expirationHint: string;
  removeKey: (id: string) => string;
  keyAdded: string;
  keyRemoved: string;
  keyFile: string;
  downloadKeyFile: string;
  downloadKey: string;
  tokens: string;
  tokensIntro: string;
  noTokens: string;
  addToken: string;
  removeToken: (id: string) => string;
  tokenAdded: string;
  tokenRemoved: string;
  token: string;
  secretTitle: string;
  secretIntro: string;
  hasSecret: string;
  noSecret: string;
  addSecret: string;
  replaceSecret: string;
  removeSecret: string;
  secretAdded: string;
  secretRemoved: string;
  clientId: string;
  clientSecret: string;
  shownOnce: string;
  backTo: (name: string) => string;
  newTitle: { key: string; token: string; secret: string };
  deactivate: string;
  reactivate: string;
  remove: string;
  removeTitle: (name: string) => string;
  removeConfirm: (name: string) => string;
  removeYes: string;
  deactivated: string;
  reactivated: string;
  actions: string;
  colours: string;
  primaryColor: string;
  backgroundColor: string;
  warningColor: string;
  fontColor: string;
  colourHint: string;
  hideServiceName: string;
  hideServiceNameHint: string;
  logo: string;
  logoHint: string;
  removeLogo: string;
  logoTooLarge: string;
  isDefaultBranding: string;
  ownBranding: string;
  preview: string;
  previewButton: string;
  previewIntro: string;
  previewOfForm: string;
  previewField: string;
  previewContinue: string;
  previewError: string;
  previewLink: string;
  brandingSaved: string;
  brandingReset: string;
  resetBranding: string;
  idpsIntro: string;
  noIdps: string;
  type: string;
  owner: string;
  owners: Record<string, string>;
  types: Record<string, string>;
  issuer: string;
  addOidc: string;
  scopes: string;
  scopesHint: string;
  clientSecretHint: string;
  providerSwitches: Record<(typeof PROVIDER_SWITCHES)[number], string>;
  idpAdded: string;
  idpDeactivated: string;
  idpReactivated: string;
  idpDeleted: string;
  idpUpdated: string;
  editIdp: (name: string) => string;
  clientSecretKept: string;
  deleteIdp: (name: string) => string;
  deleteIdpTitle: (name: string) => string;
  deleteIdpConfirm: (name: string) => string;
  deleteYes: string;
  loginSwitches: Record<(typeof LOGIN_SWITCHES)[number], string>;
  loginSwitchHints: Record<(typeof LOGIN_SWITCHES)[number], string>;
  isDefaultLogin: string;
  ownLogin: string;
  resetLogin: string;
  loginSaved: string;
  loginReset: string;
  policyIdps: string;
  noPolicyIdps: string;
  addToPolicy: string;
  provider: string;
  removeFromPolicy: (name: string) => string;
  policyIdpAdded: string;
  policyIdpRemoved: string;
  noneToAdd: string;
}

export const ORG_WORDS: Record<Language, OrgWords> = {
  en: {
    title: 'Organization',
    subNav: 'Organization pages',
    pages: {
      overview: 'Overview and members',
      members: 'Members',
      machines: 'Machine users',
      branding: 'Branding',
      idps: 'Identity providers',
      loginPolicy: 'Login policy',
    },
    name: 'Name',
    state: 'State',
    states: {
      ORG_STATE_ACTIVE: 'Active',
      ORG_STATE_INACTIVE: 'Inactive',
      USER_STATE_ACTIVE: 'Active',
      USER_STATE_INACTIVE: 'Inactive',
      USER_STATE_LOCKED: 'Locked',
      IDP_STATE_ACTIVE: 'Active',
      IDP_STATE_INACTIVE: 'Inactive',
    },
    id: 'ID',
    created: 'Created',
    changed: 'Last changed',
    member: 'Member',
    roles: 'Roles',
    roleNames: {
      ORG_OWNER: 'Owner',
      ORG_USER_MANAGER: 'User manager',
      ORG_PROJECT_OWNER: 'Project owner',
      ORG_USER_VIEWER: 'User viewer',
      ORG_PROJECT_VIEWER: 'Project viewer',
    },
    roleDescriptions: {
      ORG_OWNER:
        'Everything in the organization: users, projects, members, policies and identity providers.',
      ORG_USER_MANAGER: 'Reads and changes users and their project grants.',
      ORG_PROJECT_OWNER: 'Reads and changes projects, their roles and applications.',
      ORG_USER_VIEWER: 'Reads users, and changes nothing.',
      ORG_PROJECT_VIEWER: 'Reads projects, and changes nothing.',
    },
    noMembers: 'The organization has no members.',
    addMember: 'Add a member',
    memberUserName: 'User name',
    memberUserNameHint: 'A person or machine user of this organization, by user name.',
    noSuchUser: 'No user of this organization has this user name.',
    chooseRole: 'Choose at least one role.',
    removeMember: (name) => `Remove ${name} as a member`,
    memberAdded: 'The member was added.',
    memberRemoved: 'The member was removed: they hold no role here any more.',
    memberChanged: 'The member’s roles were changed.',
    changeRoles: 'Change roles',
    changeRolesOf: (name) => `Change roles: ${name}`,
    userTypes: { human: 'Person', machine: 'Machine' },
    machinesIntro:
      'Service accounts: they call the API with a personal access token, a client secret or a key, never through the sign-in pages.',
    noMachines: 'The organization has no machine users.',
    addMachine: 'Add a machine user',
    userName: 'User name',
    machineName: 'Name',
    description: 'Description',
    machineAdded: 'The machine user was added.',
    keys: 'Keys',
    keysIntro: 'Keys sign a JWT for the token endpoint (private_key_jwt).',
    noKeys: 'No keys.',
    expires: 'Expires',
    never: 'Never',
    addKey: 'Add a key',
    expirationDate: 'Expires on (optional)',
    expirationHint: 'Leave empty for no expiry.',
    removeKey: (id) => `Remove key ${id}`,
    keyAdded: 'The key was added.',
    keyRemoved: 'The key was removed.',
    keyFile: 'Key file (JSON)',
    downloadKeyFile: 'Download the key file',
    downloadKey: 'Download the key file',
    tokens: 'Personal access tokens',
    tokensIntro: 'A personal access token is a bearer token for the API as it is.',
    noTokens: 'No personal access tokens.',
    addToken: 'Add a personal access token',
    removeToken: (id) => `Remove token ${id}`,
    tokenAdded: 'The personal access token was added.',
    tokenRemoved: 'The personal access token was removed.',
    token: 'Personal access token',
    secretTitle: 'Client secret',
    secretIntro:
      'A client secret gets access tokens from the token endpoint (client credentials); the client ID is the machine user’s ID.',
    hasSecret: 'The machine user has a client secret.',
    noSecret: 'The machine user has no client secret.',
    addSecret: 'Generate a client secret',
    replaceSecret: 'Replace the client secret',
    removeSecret: 'Remove the client secret',
    secretAdded: 'The client secret was generated.',
    secretRemoved: 'The client secret was removed.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    shownOnce:
      'Copy it now: it is shown only this once and is not kept anywhere readable, so it cannot be shown again.',
    backTo: (name) => `Back to ${name}`,
    newTitle: {
      key: 'New key',
      token: 'New personal access token',
      secret: 'New client secret',
    },
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    remove: 'Remove',
    removeTitle: (name) => `Remove ${name}?`,
    removeConfirm: (name) =>
      `${name} and its keys, tokens and secret are removed; every token it holds stops working. This cannot be undone.`,
    removeYes: 'Yes, remove',
    deactivated: 'The machine user was deactivated: it gets no tokens until reactivated.',
    reactivated: 'The machine user was reactivated.',
    actions: 'Actions',
    colours: 'Colours',
    primaryColor: 'Primary colour (buttons, links)',
    backgroundColor: 'Background colour',
    warningColor: 'Warning colour (errors)',
    fontColor: 'Font colour',
    colourHint: '#rgb or #rrggbb; empty is the service’s own.',
    hideServiceName: 'Hide the service’s name',
    hideServiceNameHint: 'The sign-in pages show only your logo, without the service’s name.',
    logo: 'Logo',
    logoHint:
      'A PNG, JPEG, GIF or WebP image of at most 256 KiB. Without a new one, the logo shown is kept.',
    removeLogo: 'Remove the logo',
    logoTooLarge: 'This file is far too large for a logo (at most 256 KiB).',
    isDefaultBranding: 'The organization follows the instance’s default branding.',
    ownBranding: 'The organization has its own branding.',
    preview: 'Preview of the sign-in page',
    previewButton: 'Preview without saving',
    previewIntro: 'How the sign-in page looks with these settings.',
    previewOfForm: 'The preview shows the form’s values, which are not saved yet.',
    previewField: 'User name or email',
    previewContinue: 'Continue',
    previewError: 'An error message looks like this.',
    previewLink: 'A link looks like this',
    brandingSaved: 'The branding was saved.',
    brandingReset: 'The organization follows the default branding again.',
    resetBranding: 'Reset to the default branding',
    idpsIntro:
      'Identity providers people of this organization may sign in with, the organization’s own and the instance’s.',
    noIdps: 'No identity providers.',
    type: 'Type',
    owner: 'Owner',
    owners: {
      IDP_OWNER_TYPE_ORG: 'This organization',
      IDP_OWNER_TYPE_SYSTEM: 'The instance',
    },
    types: {
      PROVIDER_TYPE_OIDC: 'OpenID Connect',
      PROVIDER_TYPE_OAUTH: 'OAuth 2.0',
      IDP_TYPE_OIDC: 'OpenID Connect',
      IDP_TYPE_OAUTH: 'OAuth 2.0',
    },
    issuer: 'Issuer',
    addOidc: 'Add a generic OpenID Connect provider',
    scopes: 'Scopes',
    scopesHint: 'Separated by spaces; empty asks for openid only.',
    clientSecretHint: 'Never shown again once saved.',
    providerSwitches: {
      usePkce: 'Use PKCE',
      isIdTokenMapping: 'Read the user’s details from the ID token (not the userinfo endpoint)',
      isLinkingAllowed: 'People may link this provider to their account',
      isCreationAllowed: 'People may create an account with this provider',
      isAutoCreation: 'Create the account without asking',
      isAutoUpdate: 'Update the account’s details at each sign-in',
    },
    idpAdded: 'The identity provider was added.',
    idpDeactivated: 'The identity provider was deactivated.',
    idpReactivated: 'The identity provider was reactivated.',
    idpDeleted: 'The identity provider was deleted.',
    idpUpdated: 'The identity provider was changed.',
    editIdp: (name) => `Change ${name}`,
    clientSecretKept: 'Leave empty to keep the secret it has; it is never shown.',
    deleteIdp: (name) => `Delete ${name}`,
    deleteIdpTitle: (name) => `Delete ${name}?`,
    deleteIdpConfirm: (name) =>
      `${name} is deleted, and the accounts’ links to it with it. This cannot be undone.`,
    deleteYes: 'Yes, delete',
    loginSwitches: {
      allowUsernamePassword: 'Allow user name and password',
      allowExternalIdp: 'Allow identity providers',
    },
    loginSwitchHints: {
      allowUsernamePassword: 'People may sign in with their user name and password.',
      allowExternalIdp: 'People may sign in with the identity providers listed below.',
    },
    isDefaultLogin: 'The organization follows the instance’s default login policy.',
    ownLogin: 'The organization has its own login policy.',
    resetLogin: 'Reset to the default login policy',
    loginSaved: 'The login policy was saved.',
    loginReset: 'The organization follows the default login policy again.',
    policyIdps: 'Identity providers offered at sign-in',
    noPolicyIdps: 'None is offered.',
    addToPolicy: 'Offer at sign-in',
    provider: 'Identity provider',
    removeFromPolicy: (name) => `Stop offering ${name}`,
    policyIdpAdded: 'The identity provider is offered at sign-in.',
    policyIdpRemoved: 'The identity provider is no longer offered at sign-in.',
    noneToAdd: 'Every active identity provider is offered already.',
  },
  de: {
    title: 'Organisation',
    subNav: 'Seiten der Organisation',
    pages: {
      overview: 'Übersicht und Mitglieder',
      members: 'Mitglieder',
      machines: 'Maschinenbenutzer',
      branding: 'Erscheinungsbild',
      idps: 'Identitätsanbieter',
      loginPolicy: 'Anmelderichtlinie',
    },
    name: 'Name',
    state: 'Zustand',
    states: {
      ORG_STATE_ACTIVE: 'Aktiv',
      ORG_STATE_INACTIVE: 'Inaktiv',
      USER_STATE_ACTIVE: 'Aktiv',
      USER_STATE_INACTIVE: 'Inaktiv',
      USER_STATE_LOCKED: 'Gesperrt',
      IDP_STATE_ACTIVE: 'Aktiv',
      IDP_STATE_INACTIVE: 'Inaktiv',
    },
    id: 'ID',
    created: 'Erstellt',
    changed: 'Zuletzt geändert',
    member: 'Mitglied',
    roles: 'Rollen',
    roleNames: {
      ORG_OWNER: 'Eigentümer',
      ORG_USER_MANAGER: 'Benutzerverwaltung',
      ORG_PROJECT_OWNER: 'Projekteigentümer',
      ORG_USER_VIEWER: 'Benutzer ansehen',
      ORG_PROJECT_VIEWER: 'Projekte ansehen',
    },
    roleDescriptions: {
      ORG_OWNER:
        'Alles in der Organisation: Benutzer, Projekte, Mitglieder, Richtlinien und Identitätsanbieter.',
      ORG_USER_MANAGER: 'Liest und ändert Benutzer und ihre Projektberechtigungen.',
      ORG_PROJECT_OWNER: 'Liest und ändert Projekte, ihre Rollen und Anwendungen.',
      ORG_USER_VIEWER: 'Liest Benutzer und ändert nichts.',
      ORG_PROJECT_VIEWER: 'Liest Projekte und ändert nichts.',
    },
    noMembers: 'Die Organisation hat keine Mitglieder.',
    addMember: 'Mitglied hinzufügen',
    memberUserName: 'Benutzername',
    memberUserNameHint:
      'Eine Person oder ein Maschinenbenutzer dieser Organisation, nach Benutzername.',
    noSuchUser: 'Kein Benutzer dieser Organisation hat diesen Benutzernamen.',
    chooseRole: 'Wählen Sie mindestens eine Rolle.',
    removeMember: (name) => `${name} als Mitglied entfernen`,
    memberAdded: 'Das Mitglied wurde hinzugefügt.',
    memberRemoved: 'Das Mitglied wurde entfernt: es hat hier keine Rolle mehr.',
    memberChanged: 'Die Rollen des Mitglieds wurden geändert.',
    changeRoles: 'Rollen ändern',
    changeRolesOf: (name) => `Rollen ändern: ${name}`,
    userTypes: { human: 'Person', machine: 'Maschine' },
    machinesIntro:
      'Dienstkonten: Sie rufen die API mit einem persönlichen Zugriffstoken, einem Client-Secret oder einem Schlüssel auf, nie über die Anmeldeseiten.',
    noMachines: 'Die Organisation hat keine Maschinenbenutzer.',
    addMachine: 'Maschinenbenutzer hinzufügen',
    userName: 'Benutzername',
    machineName: 'Name',
    description: 'Beschreibung',
    machineAdded: 'Der Maschinenbenutzer wurde hinzugefügt.',
    keys: 'Schlüssel',
    keysIntro: 'Schlüssel signieren ein JWT für den Token-Endpunkt (private_key_jwt).',
    noKeys: 'Keine Schlüssel.',
    expires: 'Läuft ab',
    never: 'Nie',
    addKey: 'Schlüssel hinzufügen',
    expirationDate: 'Läuft ab am (optional)',
    expirationHint: 'Leer lassen, damit er nicht abläuft.',
    removeKey: (id) => `Schlüssel ${id} entfernen`,
    keyAdded: 'Der Schlüssel wurde hinzugefügt.',
    keyRemoved: 'Der Schlüssel wurde entfernt.',
    keyFile: 'Schlüsseldatei (JSON)',
    downloadKeyFile: 'Schlüsseldatei herunterladen',
    downloadKey: 'Schlüsseldatei herunterladen',
    tokens: 'Persönliche Zugriffstoken',
    tokensIntro: 'Ein persönliches Zugriffstoken ist ein Bearer-Token für die API, so wie es ist.',
    noTokens: 'Keine persönlichen Zugriffstoken.',
    addToken: 'Persönliches Zugriffstoken hinzufügen',
    removeToken: (id) => `Token ${id} entfernen`,
    tokenAdded: 'Das persönliche Zugriffstoken wurde hinzugefügt.',
    tokenRemoved: 'Das persönliche Zugriffstoken wurde entfernt.',
    token: 'Persönliches Zugriffstoken',
    secretTitle: 'Client-Secret',
    secretIntro:
      'Mit einem Client-Secret holt man Zugriffstoken vom Token-Endpunkt (Client Credentials); die Client-ID ist die ID des Maschinenbenutzers.',
    hasSecret: 'Der Maschinenbenutzer hat ein Client-Secret.',
    noSecret: 'Der Maschinenbenutzer hat kein Client-Secret.',
    addSecret: 'Client-Secret erzeugen',
    replaceSecret: 'Client-Secret ersetzen',
    removeSecret: 'Client-Secret entfernen',
    secretAdded: 'Das Client-Secret wurde erzeugt.',
    secretRemoved: 'Das Client-Secret wurde entfernt.',
    clientId: 'Client-ID',
    clientSecret: 'Client-Secret',
    shownOnce:
      'Kopieren Sie es jetzt: Es wird nur dieses eine Mal gezeigt und nirgends lesbar aufbewahrt, daher kann es nicht erneut gezeigt werden.',
    backTo: (name) => `Zurück zu ${name}`,
    newTitle: {
      key: 'Neuer Schlüssel',
      token: 'Neues persönliches Zugriffstoken',
      secret: 'Neues Client-Secret',
    },
    deactivate: 'Deaktivieren',
    reactivate: 'Reaktivieren',
    remove: 'Entfernen',
    removeTitle: (name) => `${name} entfernen?`,
    removeConfirm: (name) =>
      `${name} wird mit seinen Schlüsseln, Token und seinem Secret entfernt; jedes seiner Token hört auf zu funktionieren. Das lässt sich nicht rückgängig machen.`,
    removeYes: 'Ja, entfernen',
    deactivated:
      'Der Maschinenbenutzer wurde deaktiviert: Er bekommt keine Token, bis er reaktiviert wird.',
    reactivated: 'Der Maschinenbenutzer wurde reaktiviert.',
    actions: 'Aktionen',
    colours: 'Farben',
    primaryColor: 'Hauptfarbe (Schaltflächen, Links)',
    backgroundColor: 'Hintergrundfarbe',
    warningColor: 'Warnfarbe (Fehler)',
    fontColor: 'Schriftfarbe',
    colourHint: '#rgb oder #rrggbb; leer ist die des Dienstes.',
    hideServiceName: 'Namen des Dienstes ausblenden',
    hideServiceNameHint: 'Die Anmeldeseiten zeigen nur Ihr Logo, ohne den Namen des Dienstes.',
    logo: 'Logo',
    logoHint:
      'Ein PNG-, JPEG-, GIF- oder WebP-Bild von höchstens 256 KiB. Ohne ein neues bleibt das gezeigte Logo.',
    removeLogo: 'Logo entfernen',
    logoTooLarge: 'Diese Datei ist für ein Logo viel zu groß (höchstens 256 KiB).',
    isDefaultBranding: 'Die Organisation folgt dem Standard-Erscheinungsbild der Instanz.',
    ownBranding: 'Die Organisation hat ein eigenes Erscheinungsbild.',
    preview: 'Vorschau der Anmeldeseite',
    previewButton: 'Vorschau ohne Speichern',
    previewIntro: 'So sieht die Anmeldeseite mit diesen Einstellungen aus.',
    previewOfForm: 'Die Vorschau zeigt die Werte des Formulars, die noch nicht gespeichert sind.',
    previewField: 'Benutzername oder E-Mail',
    previewContinue: 'Weiter',
    previewError: 'So sieht eine Fehlermeldung aus.',
    previewLink: 'So sieht ein Link aus',
    brandingSaved: 'Das Erscheinungsbild wurde gespeichert.',
    brandingReset: 'Die Organisation folgt wieder dem Standard-Erscheinungsbild.',
    resetBranding: 'Auf das Standard-Erscheinungsbild zurücksetzen',
    idpsIntro:
      'Identitätsanbieter, mit denen sich Personen dieser Organisation anmelden können: die eigenen und die der Instanz.',
    noIdps: 'Keine Identitätsanbieter.',
    type: 'Typ',
    owner: 'Eigentümer',
    owners: {
      IDP_OWNER_TYPE_ORG: 'Diese Organisation',
      IDP_OWNER_TYPE_SYSTEM: 'Die Instanz',
    },
    types: {
      PROVIDER_TYPE_OIDC: 'OpenID Connect',
      PROVIDER_TYPE_OAUTH: 'OAuth 2.0',
      IDP_TYPE_OIDC: 'OpenID Connect',
      IDP_TYPE_OAUTH: 'OAuth 2.0',
    },
    issuer: 'Aussteller (Issuer)',
    addOidc: 'Generischen OpenID-Connect-Anbieter hinzufügen',
    scopes: 'Scopes',
    scopesHint: 'Durch Leerzeichen getrennt; leer fragt nur nach openid.',
    clientSecretHint: 'Wird nach dem Speichern nie wieder gezeigt.',
    providerSwitches: {
      usePkce: 'PKCE verwenden',
      isIdTokenMapping:
        'Angaben des Benutzers aus dem ID-Token lesen (nicht vom Userinfo-Endpunkt)',
      isLinkingAllowed: 'Personen dürfen diesen Anbieter mit ihrem Konto verknüpfen',
      isCreationAllowed: 'Personen dürfen mit diesem Anbieter ein Konto anlegen',
      isAutoCreation: 'Das Konto ohne Rückfrage anlegen',
      isAutoUpdate: 'Die Angaben des Kontos bei jeder Anmeldung aktualisieren',
    },
    idpAdded: 'Der Identitätsanbieter wurde hinzugefügt.',
    idpDeactivated: 'Der Identitätsanbieter wurde deaktiviert.',
    idpReactivated: 'Der Identitätsanbieter wurde reaktiviert.',
    idpDeleted: 'Der Identitätsanbieter wurde gelöscht.',
    idpUpdated: 'Der Identitätsanbieter wurde geändert.',
    editIdp: (name) => `${name} ändern`,
    clientSecretKept: 'Leer lassen, um das bisherige Secret zu behalten; es wird nie gezeigt.',
    deleteIdp: (name) => `${name} löschen`,
    deleteIdpTitle: (name) => `${name} löschen?`,
    deleteIdpConfirm: (name) =>
      `${name} wird gelöscht, und mit ihm die Verknüpfungen der Konten. Das lässt sich nicht rückgängig machen.`,
    deleteYes: 'Ja, löschen',
    loginSwitches: {
      allowUsernamePassword: 'Benutzername und Passwort erlauben',
      allowExternalIdp: 'Identitätsanbieter erlauben',
    },
    loginSwitchHints: {
      allowUsernamePassword: 'Personen dürfen sich mit Benutzername und Passwort anmelden.',
      allowExternalIdp:
        'Personen dürfen sich mit den unten genannten Identitätsanbietern anmelden.',
    },
    isDefaultLogin: 'Die Organisation folgt der Standard-Anmelderichtlinie der Instanz.',
    ownLogin: 'Die Organisation hat eine eigene Anmelderichtlinie.',
    resetLogin: 'Auf die Standard-Anmelderichtlinie zurücksetzen',
    loginSaved: 'Die Anmelderichtlinie wurde gespeichert.',
    loginReset: 'Die Organisation folgt wieder der Standard-Anmelderichtlinie.',
    policyIdps: 'Bei der Anmeldung angebotene Identitätsanbieter',
    noPolicyIdps: 'Keiner wird angeboten.',
    addToPolicy: 'Bei der Anmeldung anbieten',
    provider: 'Identitätsanbieter',
    removeFromPolicy: (name) => `${name} nicht mehr anbieten`,
    policyIdpAdded: 'Der Identitätsanbieter wird bei der Anmeldung angeboten.',
    policyIdpRemoved: 'Der Identitätsanbieter wird bei der Anmeldung nicht mehr angeboten.',
    noneToAdd: 'Jeder aktive Identitätsanbieter wird schon angeboten.',
  },
};
