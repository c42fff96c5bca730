import type { Language } from '../login/kit/page-kit.js';

/** What every console page says, in each language the pages speak. */
export interface ConsoleWords {
  console: string;
  skip: string;
  navigation: string;
  sections: {
    users: string;
    projects: string;
    organization: string;
    activity: string;
    orgs: string;
  };
  workingIn: string;
  signedInAs: string;
  signOut: string;
  forbiddenTitle: string;
  forbidden: string;
  notFoundTitle: string;
  notFound: string;
  changedTitle: string;
  notDoneTitle: string;
  changed: string;
  reload: string;
  expiredTitle: string;
  expired: string;
  signIn: string;
  formTitle: string;
  form: string;
  formTooLargeTitle: string;
  /** `size`: the most bytes a form may hold, as `formSize` writes it. */
  formTooLarge: (size: string) => string;
  signInFailedTitle: string;
  signInFailed: string;
  cancel: string;
  save: string;
  back: string;
  yes: string;
  no: string;
  fixFields: string;
  previous: string;
  next: string;
  page: (from: number, to: number, total: number) => string;
  none: string;
  loading: string;
}

export const CONSOLE_WORDS: Record<Language, ConsoleWords> = {
  en: {
    console: 'Console',
    skip: 'Skip to content',
    navigation: 'Console',
    sections: {
      users: 'Users',
      projects: 'Projects',
      organization: 'Organization',
      activity: 'Activity',
      orgs: 'Organizations',
    },
    workingIn: 'Working in',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    forbiddenTitle: 'Not allowed',
    forbidden: 'Your roles in this organization do not allow this.',
    notFoundTitle: 'Not found',
    notFound: 'There is nothing here, or it has been removed.',
    changedTitle: 'Changed by someone else',
    notDoneTitle: 'Not done',
    changed:
      'Someone else changed this item after you opened it, so your change was not made. Reload it to see the current state, then try again.',
    reload: 'Reload',
    expiredTitle: 'Please sign in again',
    expired: 'Your console session has ended. Sign in again; nothing was changed.',
    signIn: 'Sign in',
    formTitle: 'Please try again',
    form: 'This form was open too long or came from elsewhere. Open the page again and repeat your change.',
    formTooLargeTitle: 'Too much for one form',
    formTooLarge: (size) =>
      `This form holds more than the console takes at once (200 fields, ${size}), so nothing was changed. Choose fewer items.`,
    signInFailedTitle: 'Sign-in did not finish',
    signInFailed: 'The sign-in did not finish. Please sign in again.',
    cancel: 'Cancel',
    save: 'Save',
    back: 'Back',
    yes: 'Yes',
    no: 'No',
    fixFields: 'Please correct the marked fields.',
    previous: 'Previous page',
    next: 'Next page',
    page: (from, to, total) => `${from}–${to} of ${total.toLocaleString('en')}`,
    none: 'None',
    loading: 'Working…',
  },
  de: {
    console: 'Konsole',
    skip: 'Zum Inhalt springen',
    navigation: 'Konsole',
    sections: {
      users: 'Benutzer',
      projects: 'Projekte',
      organization: 'Organisation',
      activity: 'Aktivität',
      orgs: 'Organisationen',
    },
    workingIn: 'Arbeitet in',
    signedInAs: 'Angemeldet als',
    signOut: 'Abmelden',
    forbiddenTitle: 'Nicht erlaubt',
    forbidden: 'Ihre Rollen in dieser Organisation erlauben das nicht.',
    notFoundTitle: 'Nicht gefunden',
    notFound: 'Hier gibt es nichts, oder es wurde entfernt.',
    changedTitle: 'Von jemand anderem geändert',
    notDoneTitle: 'Nicht ausgeführt',
    changed:
      'Jemand anderes hat dies geändert, nachdem Sie es geöffnet haben; Ihre Änderung wurde deshalb nicht ausgeführt. Laden Sie es neu, um den aktuellen Stand zu sehen, und versuchen Sie es dann noch einmal.',
    reload: 'Neu laden',
    expiredTitle: 'Bitte melden Sie sich erneut an',
    expired:
      'Ihre Sitzung in der Konsole ist abgelaufen. Melden Sie sich erneut an; nichts wurde geändert.',
    signIn: 'Anmelden',
    formTitle: 'Bitte versuchen Sie es noch einmal',
    form: 'Dieses Formular war zu lange offen oder kam von anderswo. Öffnen Sie die Seite erneut und wiederholen Sie Ihre Änderung.',
    formTooLargeTitle: 'Zu viel für ein Formular',
    formTooLarge: (size) =>
      `Dieses Formular enthält mehr, als die Konsole auf einmal annimmt (200 Felder, ${size}); nichts wurde geändert. Wählen Sie weniger aus.`,
    signInFailedTitle: 'Anmeldung nicht abgeschlossen',
    signInFailed: 'Die Anmeldung wurde nicht abgeschlossen. Bitte melden Sie sich erneut an.',
    cancel: 'Abbrechen',
    save: 'Speichern',
    back: 'Zurück',
    yes: 'Ja',
    no: 'Nein',
    fixFields: 'Bitte korrigieren Sie die markierten Felder.',
    previous: 'Vorherige Seite',
    next: 'Nächste Seite',
    page: (from, to, total) => `${from}–${to} von ${total.toLocaleString('de')}`,
    none: 'Keine',
    loading: 'Bitte warten…',
  },
};
