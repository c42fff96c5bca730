/**
 * The account page's password: the policy's rules (GetMyPasswordComplexityPolicy) shown before a
 * new password is sent, each marked as the new one meets it, and the change (UpdateMyPassword:
 * the current password and the new one) over gRPC-web, as the profile is. The service decides;
 * the marks only help.
 */
import { CallError, type AuthCall } from './auth-service.js';
import { fill, translate, wordsFor, type Language } from './page-words.js';

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    passwordHeading: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    rulesIntro: 'A new password needs:',
    ruleLength: 'at least {count} characters',
    ruleLowercase: 'a lower-case letter',
    ruleUppercase: 'an upper-case letter',
    ruleNumber: 'a digit',
    ruleSymbol: 'a symbol (not a letter or digit)',
    changing: 'Changing your password…',
    passwordChanged: 'Your password is changed. Use the new one from now on.',
    'USER-PASSWORD-INVALID': 'The current password is not right.',
    'USER-PASSWORD-ATTEMPTS-LOCKED':
      'Too many wrong passwords. Your sign-in is locked for a while; try again later.',
    'REQUEST-INVALID': 'The new password does not meet the rules above.',
    failed: 'That did not work. Please try again.',
  },
  de: {
    passwordHeading: 'Passwort',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    changePassword: 'Passwort ändern',
    rulesIntro: 'Ein neues Passwort braucht:',
    ruleLength: 'mindestens {count} Zeichen',
    ruleLowercase: 'einen Kleinbuchstaben',
    ruleUppercase: 'einen Grossbuchstaben',
    ruleNumber: 'eine Ziffer',
    ruleSymbol: 'ein Sonderzeichen (weder Buchstabe noch Ziffer)',
    changing: 'Ihr Passwort wird geändert…',
    passwordChanged: 'Ihr Passwort ist geändert. Verwenden Sie ab jetzt das neue.',
    'USER-PASSWORD-INVALID': 'Das aktuelle Passwort stimmt nicht.',
    'USER-PASSWORD-ATTEMPTS-LOCKED':
      'Zu viele falsche Passwörter. Ihre Anmeldung ist eine Weile gesperrt; versuchen Sie es später wieder.',
    'REQUEST-INVALID': 'Das neue Passwort erfüllt die obigen Regeln nicht.',
    failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
  },
};

/** GetMyPasswordComplexityPolicy's policy (minLength a uint64: a decimal string). */
interface Policy {
  minLength?: string;
  hasUppercase?: boolean;
  hasLowercase?: boolean;
  hasNumber?: boolean;
  hasSymbol?: boolean;
}

const words = wordsFor(WORDS);
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The policy's rules, each with its words and whether a password meets it. */
function rulesOf(policy: Policy): { text: string; met: (password: string) => boolean }[] {
  const count = Number(policy.minLength ?? 0);
  const rules = [
    { text: fill(words.ruleLength!, { count }), met: (p: string) => [...p].length >= count },
  ];
  if (policy.hasLowercase)
    rules.push({ text: words.ruleLowercase!, met: (p) => /\p{Ll}/u.test(p) });
  if (policy.hasUppercase)
    rules.push({ text: words.ruleUppercase!, met: (p) => /\p{Lu}/u.test(p) });
  if (policy.hasNumber) rules.push({ text: words.ruleNumber!, met: (p) => /\p{Nd}/u.test(p) });
  if (policy.hasSymbol)
    rules.push({ text: words.ruleSymbol!, met: (p) => /[^\p{L}\p{Nd}]/u.test(p) });
  return rules;
}

/** Shows the password section for the signed-in person (`call` carries their token). */
export async function showPassword(call: AuthCall): Promise<void> {
  const section = byId('password');
  translate(section, words);
  const { policy } = await call<{ policy: Policy }>('GetMyPasswordComplexityPolicy', {});
  const rules = rulesOf(policy);
  const list = byId('password-rules');
  const items = rules.map((rule) => {
    const li = document.createElement('li');
    li.textContent = rule.text;
    return li;
  });
  list.replaceChildren(...items);
  const form = byId<HTMLFormElement>('password-form');
  const oldPassword = byId<HTMLInputElement>('oldPassword');
  const newPassword = byId<HTMLInputElement>('newPassword');
  const mark = () =>
    rules.forEach((rule, i) => items[i]!.classList.toggle('met', rule.met(newPassword.value)));
  newPassword.addEventListener('input', mark);
  const say = (text: string) => (byId('password-status').textContent = text);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    say(words.changing!);
    const request = { oldPassword: oldPassword.value, newPassword: newPassword.value };
    void call('UpdateMyPassword', request).then(
      () => {
        form.reset();
        mark();
        say(words.passwordChanged!);
      },
      (error: unknown) => {
        const id = error instanceof CallError ? error.id : undefined;
        say(words[id ?? 'failed'] ?? words.failed!);
      },
    );
  });
  section.hidden = false;
}
