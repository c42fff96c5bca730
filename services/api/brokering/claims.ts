import type { IdpConfig } from '../../../shared/db/entities/index.js';
import type { ExternalIdentity } from '../accounts/external-identities.js';
import type { UpstreamIdentity } from './upstream-client.js';

/** The longest name and address our profile holds (the import's schema says the same). */
const NAME_LENGTH = 200;
const EMAIL_LENGTH = 320;

/**
 * What a provider's claims say of the person, as our profile holds it: each claim a non-blank
 * string cut to its column (in characters), anything else absent. OpenID Connect's standard
 * claims; of an OAuth provider's user JSON also `login` or `username` for the user name (GitHub
 * and others). `emailVerified` is true only for `email_verified: true`: a missing claim, or
 * anything but the boolean, is false.
 */
export function externalIdentity(idp: IdpConfig, upstream: UpstreamIdentity): ExternalIdentity {
  const { claims } = upstream;
  const text = (name: string, length = NAME_LENGTH) => {
    const value = claims[name];
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    return [...value.trim()].slice(0, length).join('');
  };
  const email = text('email', EMAIL_LENGTH + 1);
  const identity: ExternalIdentity = {
    idpId: idp.id,
    idpName: idp.name,
    subject: upstream.subject,
    emailVerified: false,
  };
  const fields: Partial<ExternalIdentity> = {
    userName: text('preferred_username') ?? text('login') ?? text('username'),
    firstName: text('given_name'),
    lastName: text('family_name'),
    displayName: text('name'),
    nickName: text('nickname'),
    // An address too long to store is none at all (cut, it would be another address).
    email: email && [...email].length <= EMAIL_LENGTH ? email : undefined,
  };
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) Object.assign(identity, { [name]: value });
  if (identity.email) identity.emailVerified = claims.email_verified === true;
  return identity;
}

/**
 * The first and last name of a person made from a provider's identity: its given and family
 * names, else its full name split before the last word (a provider that gives only `name`,
 * as GitHub does); none when that leaves either blank.
 */
export function namesOf(
  identity: ExternalIdentity,
): { firstName: string; lastName: string } | undefined {
  const words = identity.displayName?.split(/\s+/) ?? [];
  const firstName =
    identity.firstName ?? (words.length > 1 ? words.slice(0, -1).join(' ') : undefined);
  const lastName = identity.lastName ?? (words.length > 1 ? words.at(-1) : undefined);
  return firstName && lastName ? { firstName, lastName } : undefined;
}
