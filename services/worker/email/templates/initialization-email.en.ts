import type { InitializationEmailTemplate } from './initialization-email.templates.js';

export const englishInitializationEmail: InitializationEmailTemplate = (raw, html) => ({
  subject: 'Welcome – activate your account',
  text: [
    `Hello ${raw.name},`,
    '',
    'An account has been created for you. Please confirm your email address and activate your',
    'account by opening this link:',
    '',
    raw.link,
    '',
    'The link works once. If you did not expect this email, you can ignore it.',
  ].join('\n'),
  html: `<!DOCTYPE html>
<html lang="en">
  <body style="font-family: sans-serif; line-height: 1.5">
    <p>Hello ${html.name},</p>
    <p>An account has been created for you. Please confirm your email address and activate your account.</p>
    <p><a href="${html.link}" style="display: inline-block; padding: 10px 18px; background: #1a56db; color: #ffffff; text-decoration: none; border-radius: 4px">Activate account</a></p>
    <p>If the button does not work, copy this link into your browser:<br>${html.link}</p>
    <p>The link works once. If you did not expect this email, you can ignore it.</p>
  </body>
</html>
`,
});
