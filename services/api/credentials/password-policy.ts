import type { PasswordPolicy } from '../../../shared/config/config.js';

/** True when `password` satisfies every rule of the policy. */
export function meetsPasswordPolicy(policy: PasswordPolicy, password: string): boolean {
  return (
    [...password].length >= policy.minLength &&
    (!policy.requireLowercase || /\p{Ll}/u.test(password)) &&
    (!policy.requireUppercase || /\p{Lu}/u.test(password)) &&
    (!policy.requireDigit || /\p{Nd}/u.test(password)) &&
    (!policy.requireSymbol || /[^\p{L}\p{Nd}]/u.test(password))
  );
}

/** The policy in words, for the field violation a caller sees. */
export function describePasswordPolicy(policy: PasswordPolicy): string {
  const needs = [
    policy.requireLowercase && 'a lower-case letter',
    policy.requireUppercase && 'an upper-case letter',
    policy.requireDigit && 'a digit',
    policy.requireSymbol && 'a symbol',
  ].filter((need): need is string => Boolean(need));
  const tail =
    needs.length === 0
      ? ''
      : ` with ${needs.slice(0, -1).join(', ')}${needs.length > 1 ? ' and ' : ''}${needs.at(-1)}`;
  return `does not meet the password policy: at least ${policy.minLength} characters${tail}`;
}
