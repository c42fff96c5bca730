import type { InitializationEmailWording } from './email-wording.js';

export const germanInitializationEmail: InitializationEmailWording = {
  language: 'de',
  subject: 'Willkommen – aktiviere dein Konto',
  greeting: (name) => `Hallo ${name},`,
  textIntro: [
    'für dich wurde ein Konto angelegt. Bitte bestätige deine E-Mail-Adresse und aktiviere dein',
    'Konto über diesen Link:',
  ],
  htmlIntro:
    'für dich wurde ein Konto angelegt. Bitte bestätige deine E-Mail-Adresse und aktiviere dein Konto.',
  button: 'Konto aktivieren',
  fallback: 'Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:',
  closing:
    'Der Link gilt nur einmal. Falls du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.',
};
