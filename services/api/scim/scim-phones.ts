import { e164PhoneNumber } from '../validation/formats.js';

/**
 * A SCIM phone number as the user's phone: its E.164 form when it has one without guessing (a
 * global number, `+` and country code, with any separators: "+1 (425) 555-0100" is
 * +14255550100); undefined for a number without a country code ("312-320-0932", as directories
 * store them), which the user's phone cannot hold and SCIM keeps only as given.
 */
export function userPhoneOf(value: unknown): string | undefined {
  return typeof value === 'string' ? e164PhoneNumber(value.trim()) : undefined;
}

/** Whether a SCIM phone number is the user's phone `own` as given, or written otherwise. */
export function isUserPhone(value: unknown, own: string | undefined): boolean {
  return own !== undefined && userPhoneOf(value) === own;
}
