import type { InitializationEmailTemplate } from './initialization-email.templates.js';

export const germanInitializationEmail: InitializationEmailTemplate = (raw, html) => ({
  subject: 'Willkommen – aktiviere dein Konto',
  text: [
    `Hallo ${raw.name},`,
    '',
    'für dich wurde ein Konto angelegt. Bitte bestätige deine E-Mail-Adresse und aktiviere dein',
    'Konto über diesen Link:',
    '',
    raw.link,
    '',
    'Der Link gilt nur einmal. Falls du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.',
  ].join('\n'),
  html: `<!DOCTYPE html>
<html lang="de">
  <body style="font-family: sans-serif; line-height: 1.5">
    <p>Hallo ${html.name},</p>
    <p>für dich wurde ein Konto angelegt. Bitte bestätige deine E-Mail-Adresse und aktiviere dein Konto.</p>
    <p><a href="${html.link}" style="display: inline-block; padding: 10px 18px; background: #1a56db; color: #ffffff; text-decoration: none; border-radius: 4px">Konto aktivieren</a></p>
    <p>Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:<br>${html.link}</p>
    <p>Der Link gilt nur einmal. Falls du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.</p>
  </body>
</html>
`,
});
