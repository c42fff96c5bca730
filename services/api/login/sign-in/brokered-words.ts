import type { Language } from '../kit/page-kit.js';

/**
 * What the pages of a sign-in through an identity provider say, in each language. `{idp}` is
 * the provider's name.
 */
const WORDS = {
  en: {
    signInWith: 'Sign in with {idp}',
    orWith: 'Or sign in with',
    linkAccount:
      'Your identity at {idp} is not linked to an account here yet. Sign in to your account to link it.',
    linkByEmail: 'An account with this email exists: sign in to link it to {idp}.',
    linkByUserName: 'An account with this user name exists: sign in to link it to {idp}.',
    choiceTitle: 'Account not linked yet',
    choice: 'Your identity at {idp} is not linked to an account here yet.',
    linkExisting: 'Link an existing account',
    createAccount: 'Create an account',
    registerTitle: 'Create your account',
    registerWhy: 'Check what {idp} told us, then create your account.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    create: 'Create account',
    invalidField: 'Please check this field.',
    nameTaken: 'This user name is taken.',
    startAgain: 'Start again',
    unreachable: 'The identity provider cannot be reached at the moment. Please try again later.',
    replayed:
      'This answer of the identity provider was used already or has expired. Please start again.',
    'provider-gone': 'This identity provider can no longer be used to sign in here.',
    'provider-failed': 'The identity provider did not sign you in. Please start again.',
    'no-account':
      'No account is linked to your identity at this provider. Ask an administrator of your organization.',
    'not-linkable': 'That account cannot be linked to this identity provider.',
    'link-taken': 'This identity is linked to another account already.',
  },
  de: {
    signInWith: 'Anmelden mit {idp}',
    orWith: 'Oder anmelden mit',
    linkAccount:
      'Ihre Identität bei {idp} ist hier noch mit keinem Konto verknüpft. Melden Sie sich bei Ihrem Konto an, um es zu verknüpfen.',
    linkByEmail:
      'Es gibt ein Konto mit dieser E-Mail-Adresse: Melden Sie sich an, um es mit {idp} zu verknüpfen.',
    linkByUserName:
      'Es gibt ein Konto mit diesem Benutzernamen: Melden Sie sich an, um es mit {idp} zu verknüpfen.',
    choiceTitle: 'Konto noch nicht verknüpft',
    choice: 'Ihre Identität bei {idp} ist hier noch mit keinem Konto verknüpft.',
    linkExisting: 'Bestehendes Konto verknüpfen',
    createAccount: 'Konto erstellen',
    registerTitle: 'Ihr Konto erstellen',
    registerWhy: 'Prüfen Sie, was {idp} uns mitgeteilt hat, und erstellen Sie dann Ihr Konto.',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    create: 'Konto erstellen',
    invalidField: 'Bitte prüfen Sie dieses Feld.',
    nameTaken: 'Dieser Benutzername ist vergeben.',
    startAgain: 'Neu beginnen',
    unreachable:
      'Der Identitätsanbieter ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut.',
    replayed:
      'Diese Antwort des Identitätsanbieters wurde schon verwendet oder ist abgelaufen. Bitte neu beginnen.',
    'provider-gone': 'Mit diesem Identitätsanbieter kann man sich hier nicht mehr anmelden.',
    'provider-failed': 'Der Identitätsanbieter hat Sie nicht angemeldet. Bitte neu beginnen.',
    'no-account':
      'Mit Ihrer Identität bei diesem Anbieter ist kein Konto verknüpft. Wenden Sie sich an eine Administratorin oder einen Administrator Ihrer Organisation.',
    'not-linkable': 'Dieses Konto kann nicht mit diesem Identitätsanbieter verknüpft werden.',
    'link-taken': 'Diese Identität ist schon mit einem anderen Konto verknüpft.',
  },
} satisfies Record<Language, Record<string, string>>;

export type BrokeredWords = (typeof WORDS)['en'];

/** The words in `language`, each `{idp}` the provider's name. */
export function brokeredWords(language: Language, idp = ''): BrokeredWords {
  const words = WORDS[language];
  return Object.fromEntries(
    Object.entries(words).map(([key, text]) => [key, text.replaceAll('{idp}', idp)]),
  ) as BrokeredWords;
}
