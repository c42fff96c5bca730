import type { Language } from '../../login/kit/page-kit.js';

/** What the console's user pages say. */
export interface UserWords {
  title: string;
  search: string;
  searchLabel: string;
  searchBy: string;
  by: { userName: string; displayName: string; email: string; lastName: string };
  state: string;
  anyState: string;
  states: Record<string, string>;
  type: string;
  anyType: string;
  types: { human: string; machine: string };
  apply: string;
  columns: { userName: string; name: string; email: string; state: string; type: string };
  sortBy: (column: string) => string;
  ascending: string;
  descending: string;
  noUsers: string;
  newUser: string;
  importCsv: string;
  profile: string;
  firstName: string;
  lastName: string;
  displayName: string;
  nickName: string;
  language: string;
  emailAndPhone: string;
  email: string;
  verified: string;
  unverified: string;
  phone: string;
  noPhone: string;
  details: string;
  id: string;
  loginNames: string;
  externalId: string;
  created: string;
  changed: string;
  activity: string;
  methods: string;
  password: string;
  passwordChangeRequired: string;
  otp: string;
  passkey: string;
  notReady: string;
  links: string;
  provider: string;
  subject: string;
  grants: string;
  project: string;
  roles: string;
  memberships: string;
  organization: string;
  instance: string;
  actions: string;
  deactivate: string;
  reactivate: string;
  lock: string;
  unlock: string;
  remove: string;
  removeTitle: (name: string) => string;
  removeConfirm: (name: string) => string;
  removeYes: string;
  removed: (name: string) => string;
  newTitle: string;
  userName: string;
  emailVerified: string;
  phoneHint: string;
  initialPassword: string;
  initialPasswordHint: string;
  create: string;
  addedNotice: string;
  importTitle: string;
  importIntro: string;
  importColumns: string;
  importFile: string;
  importFileHint: string;
  sendEmails: string;
  startImport: string;
  importNoFile: string;
  importTooLarge: (limit: string) => string;
  importTooMany: (limit: number) => string;
  importUnreadable: (row: number, why: string) => string;
  importEmpty: string;
  importProgress: (done: number, total: number) => string;
  importDone: (created: number, existed: number, failed: number) => string;
  importReport: string;
  row: string;
  result: string;
  resultCreated: string;
  resultExisted: string;
  importAgain: string;
  editProfile: string;
  editProfileOf: (name: string) => string;
  gender: string;
  genders: Record<string, string>;
  profileSaved: string;
  setPassword: string;
  newPassword: string;
  changeRequired: string;
  passwordSet: string;
  resendInit: string;
  initSent: string;
  removeOtp: string;
  otpRemoved: string;
  removePasskey: (name: string) => string;
  passkeyRemoved: string;
  done: Record<'deactivated' | 'reactivated' | 'locked' | 'unlocked', string>;
}

export const USER_WORDS: Record<Language, UserWords> = {
  en: {
    title: 'Users',
    search: 'Search',
    searchLabel: 'Starts with',
    searchBy: 'Search in',
    by: {
      userName: 'User name',
      displayName: 'Display name',
      email: 'Email',
      lastName: 'Last name',
    },
    state: 'State',
    anyState: 'Any state',
    states: {
      USER_STATE_ACTIVE: 'Active',
      USER_STATE_INACTIVE: 'Inactive',
      USER_STATE_LOCKED: 'Locked',
      USER_STATE_INITIAL: 'Not yet activated',
    },
    type: 'Type',
    anyType: 'Any type',
    types: { human: 'Person', machine: 'Machine' },
    apply: 'Search',
    columns: {
      userName: 'User name',
      name: 'Name',
      email: 'Email',
      state: 'State',
      type: 'Type',
    },
    sortBy: (column) => `Sort by ${column}`,
    ascending: 'ascending',
    descending: 'descending',
    noUsers: 'No user matches.',
    newUser: 'Add a person',
    importCsv: 'Import from CSV',
    profile: 'Profile',
    firstName: 'First name',
    lastName: 'Last name',
    displayName: 'Display name',
    nickName: 'Nick name',
    language: 'Language',
    emailAndPhone: 'Email and phone',
    email: 'Email',
    verified: 'verified',
    unverified: 'not verified',
    phone: 'Phone',
    noPhone: 'No phone number',
    details: 'Details',
    id: 'ID',
    loginNames: 'Login names',
    externalId: 'External ID',
    created: 'Created',
    changed: 'Last changed',
    activity: 'What changed, and who changed it',
    methods: 'Authentication methods',
    password: 'Password',
    passwordChangeRequired: 'must be changed at the next sign-in',
    otp: 'Authenticator app (TOTP)',
    passkey: 'Passkey',
    notReady: 'not yet confirmed',
    links: 'Identity provider links',
    provider: 'Provider',
    subject: 'Their ID there',
    grants: 'Project grants',
    project: 'Project',
    roles: 'Roles',
    memberships: 'Memberships',
    organization: 'Organization',
    instance: 'The whole instance',
    actions: 'Actions',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    lock: 'Lock',
    unlock: 'Unlock',
    remove: 'Remove',
    removeTitle: (name) => `Remove ${name}?`,
    removeConfirm: (name) =>
      `${name} will no longer be able to sign in, and their grants and links go with them. This cannot be undone.`,
    removeYes: 'Yes, remove',
    removed: (name) => `${name} was removed.`,
    newTitle: 'Add a person',
    userName: 'User name',
    emailVerified: 'The email address is verified',
    phoneHint: 'With the country code, for example +41 44 668 18 00.',
    initialPassword: 'Password',
    initialPasswordHint:
      'Leave empty to send an initialization email in which the person sets their own.',
    create: 'Add',
    addedNotice: 'The person was added.',
    importTitle: 'Import users from CSV',
    importIntro:
      'Each row of the file becomes a person, imported in batches of 1,000 as the batch import makes them; a row that is refused is reported and the others go on. A row whose externalId exists already is reported as existing, so a file can be imported again.',
    importColumns: 'The header row names the columns; these are read:',
    importFile: 'CSV file',
    importFileHint: 'UTF-8, comma-separated, with a header row; at most 10,000 rows and 10 MB.',
    sendEmails: 'Send initialization emails to those who need to set a password',
    startImport: 'Import',
    importNoFile: 'Choose a CSV file.',
    importTooLarge: (limit) => `The file is larger than ${limit}.`,
    importTooMany: (limit) =>
      `The file has more than ${limit.toLocaleString('en')} rows; import it with identityctl migrate --from csv.`,
    importUnreadable: (row, why) => `Row ${row} cannot be read: ${why}`,
    importEmpty: 'The file has no rows.',
    importProgress: (done, total) =>
      `${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows imported…`,
    importDone: (created, existed, failed) =>
      `Done: ${created.toLocaleString('en')} added, ${existed.toLocaleString('en')} existed already, ${failed.toLocaleString('en')} refused.`,
    importReport: 'Report, row by row',
    row: 'Row',
    result: 'Result',
    resultCreated: 'added',
    resultExisted: 'existed already',
    importAgain: 'Import another file',
    editProfile: 'Edit the profile',
    editProfileOf: (name) => `Edit the profile of ${name}`,
    gender: 'Gender',
    genders: {
      GENDER_UNSPECIFIED: 'Not given',
      GENDER_FEMALE: 'Female',
      GENDER_MALE: 'Male',
      GENDER_DIVERSE: 'Diverse',
    },
    profileSaved: 'The profile was saved.',
    setPassword: 'Set a password',
    newPassword: 'New password',
    changeRequired: 'They must change it at their next sign-in',
    passwordSet: 'The password was set.',
    resendInit: 'Resend the initialization email',
    initSent: 'A new initialization email is on its way.',
    removeOtp: 'Remove the authenticator app',
    otpRemoved: 'The authenticator app was removed.',
    removePasskey: (name) => `Remove passkey ${name}`,
    passkeyRemoved: 'The passkey was removed.',
    done: {
      deactivated: 'The user was deactivated: they cannot sign in until reactivated.',
      reactivated: 'The user was reactivated.',
      locked: 'The user was locked: they cannot sign in until unlocked.',
      unlocked: 'The user was unlocked.',
    },
  },
  de: {
    title: 'Benutzer',
    search: 'Suche',
    searchLabel: 'Beginnt mit',
    searchBy: 'Suchen in',
    by: {
      userName: 'Benutzername',
      displayName: 'Anzeigename',
      email: 'E-Mail',
      lastName: 'Nachname',
    },
    state: 'Status',
    anyState: 'Jeder Status',
    states: {
      USER_STATE_ACTIVE: 'Aktiv',
      USER_STATE_INACTIVE: 'Inaktiv',
      USER_STATE_LOCKED: 'Gesperrt',
      USER_STATE_INITIAL: 'Noch nicht aktiviert',
    },
    type: 'Typ',
    anyType: 'Jeder Typ',
    types: { human: 'Person', machine: 'Maschine' },
    apply: 'Suchen',
    columns: {
      userName: 'Benutzername',
      name: 'Name',
      email: 'E-Mail',
      state: 'Status',
      type: 'Typ',
    },
    sortBy: (column) => `Nach ${column} sortieren`,
    ascending: 'aufsteigend',
    descending: 'absteigend',
    noUsers: 'Kein Benutzer passt.',
    newUser: 'Person hinzufügen',
    importCsv: 'Aus CSV importieren',
    profile: 'Profil',
    firstName: 'Vorname',
    lastName: 'Nachname',
    displayName: 'Anzeigename',
    nickName: 'Spitzname',
    language: 'Sprache',
    emailAndPhone: 'E-Mail und Telefon',
    email: 'E-Mail',
    verified: 'bestätigt',
    unverified: 'nicht bestätigt',
    phone: 'Telefon',
    noPhone: 'Keine Telefonnummer',
    details: 'Details',
    id: 'ID',
    loginNames: 'Anmeldenamen',
    externalId: 'Externe ID',
    created: 'Erstellt',
    changed: 'Zuletzt geändert',
    activity: 'Was sich geändert hat, und wer es geändert hat',
    methods: 'Anmeldemethoden',
    password: 'Passwort',
    passwordChangeRequired: 'muss bei der nächsten Anmeldung geändert werden',
    otp: 'Authenticator-App (TOTP)',
    passkey: 'Passkey',
    notReady: 'noch nicht bestätigt',
    links: 'Verknüpfte Identitätsanbieter',
    provider: 'Anbieter',
    subject: 'Ihre ID dort',
    grants: 'Projektberechtigungen',
    project: 'Projekt',
    roles: 'Rollen',
    memberships: 'Mitgliedschaften',
    organization: 'Organisation',
    instance: 'Die ganze Instanz',
    actions: 'Aktionen',
    deactivate: 'Deaktivieren',
    reactivate: 'Reaktivieren',
    lock: 'Sperren',
    unlock: 'Entsperren',
    remove: 'Entfernen',
    removeTitle: (name) => `${name} entfernen?`,
    removeConfirm: (name) =>
      `${name} kann sich dann nicht mehr anmelden; Berechtigungen und Verknüpfungen werden mit entfernt. Das lässt sich nicht rückgängig machen.`,
    removeYes: 'Ja, entfernen',
    removed: (name) => `${name} wurde entfernt.`,
    newTitle: 'Person hinzufügen',
    userName: 'Benutzername',
    emailVerified: 'Die E-Mail-Adresse ist bestätigt',
    phoneHint: 'Mit Ländervorwahl, zum Beispiel +41 44 668 18 00.',
    initialPassword: 'Passwort',
    initialPasswordHint:
      'Leer lassen, um eine Initialisierungs-E-Mail zu senden, in der die Person ihr eigenes setzt.',
    create: 'Hinzufügen',
    addedNotice: 'Die Person wurde hinzugefügt.',
    importTitle: 'Benutzer aus CSV importieren',
    importIntro:
      'Jede Zeile der Datei wird eine Person, importiert in Stapeln zu 1.000 wie beim Stapelimport; eine abgelehnte Zeile wird gemeldet, die anderen laufen weiter. Eine Zeile, deren externalId es schon gibt, wird als vorhanden gemeldet, so kann eine Datei erneut importiert werden.',
    importColumns: 'Die Kopfzeile benennt die Spalten; gelesen werden:',
    importFile: 'CSV-Datei',
    importFileHint:
      'UTF-8, durch Kommas getrennt, mit Kopfzeile; höchstens 10.000 Zeilen und 10 MB.',
    sendEmails: 'Initialisierungs-E-Mails an alle senden, die ein Passwort setzen müssen',
    startImport: 'Importieren',
    importNoFile: 'Wählen Sie eine CSV-Datei.',
    importTooLarge: (limit) => `Die Datei ist größer als ${limit}.`,
    importTooMany: (limit) =>
      `Die Datei hat mehr als ${limit.toLocaleString('de')} Zeilen; importieren Sie sie mit identityctl migrate --from csv.`,
    importUnreadable: (row, why) => `Zeile ${row} ist nicht lesbar: ${why}`,
    importEmpty: 'Die Datei hat keine Zeilen.',
    importProgress: (done, total) =>
      `${done.toLocaleString('de')} von ${total.toLocaleString('de')} Zeilen importiert…`,
    importDone: (created, existed, failed) =>
      `Fertig: ${created.toLocaleString('de')} hinzugefügt, ${existed.toLocaleString('de')} schon vorhanden, ${failed.toLocaleString('de')} abgelehnt.`,
    importReport: 'Bericht, Zeile für Zeile',
    row: 'Zeile',
    result: 'Ergebnis',
    resultCreated: 'hinzugefügt',
    resultExisted: 'schon vorhanden',
    importAgain: 'Weitere Datei importieren',
    editProfile: 'Profil bearbeiten',
    editProfileOf: (name) => `Profil von ${name} bearbeiten`,
    gender: 'Geschlecht',
    genders: {
      GENDER_UNSPECIFIED: 'Keine Angabe',
      GENDER_FEMALE: 'Weiblich',
      GENDER_MALE: 'Männlich',
      GENDER_DIVERSE: 'Divers',
    },
    profileSaved: 'Das Profil wurde gespeichert.',
    setPassword: 'Passwort setzen',
    newPassword: 'Neues Passwort',
    changeRequired: 'Muss bei der nächsten Anmeldung geändert werden',
    passwordSet: 'Das Passwort wurde gesetzt.',
    resendInit: 'Initialisierungs-E-Mail erneut senden',
    initSent: 'Eine neue Initialisierungs-E-Mail ist unterwegs.',
    removeOtp: 'Authenticator-App entfernen',
    otpRemoved: 'Die Authenticator-App wurde entfernt.',
    removePasskey: (name) => `Passkey ${name} entfernen`,
    passkeyRemoved: 'Der Passkey wurde entfernt.',
    done: {
      deactivated:
        'Der Benutzer wurde deaktiviert: Er kann sich erst nach der Reaktivierung wieder anmelden.',
      reactivated: 'Der Benutzer wurde reaktiviert.',
      locked: 'Der Benutzer wurde gesperrt: Er kann sich erst nach dem Entsperren wieder anmelden.',
      unlocked: 'Der Benutzer wurde entsperrt.',
    },
  },
};
