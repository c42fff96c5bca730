import type { InitializationEmailWording } from './email-wording.js';

export const englishInitializationEmail: InitializationEmailWording = {
  language: 'en',
  subject: 'Welcome – activate your account',
  greeting: (name) => `Hello ${name},`,
  textIntro: [
    'An account has been created for you. Please confirm your email address and activate your',
    'account by opening this link:',
  ],
  htmlIntro:
    'An account has been created for you. Please confirm your email address and activate your account.',
  button: 'Activate account',
  fallback: 'If the button does not work, copy this link into your browser:',
  closing: 'The link works once. If you did not expect this email, you can ignore it.',
};
