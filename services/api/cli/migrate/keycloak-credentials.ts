import { base32 } from '@scure/base';

/** A credential of a user in a Keycloak export: its two halves are JSON held in strings. */
export interface KeycloakCredential {
  type?: string;
  secretData?: string;
  credentialData?: string;
}

interface SecretData {
  value?: string;
  salt?: string;
}

interface CredentialData {
  hashIterations?: number;
  algorithm?: string;
  additionalParameters?: Record<string, string[] | undefined>;
  subType?: string;
  digits?: number;
  period?: number;
  secretEncoding?: string;
}

/** A credential made into what ImportHumanUser takes, or why it cannot be. */
export type Converted = { value: string } | { refused: string };

function halves(credential: KeycloakCredential): [SecretData, CredentialData] {
  return [
    JSON.parse(credential.secretData ?? '{}') as SecretData,
    JSON.parse(credential.credentialData ?? '{}') as CredentialData,
  ];
}

/** Keycloak writes padded standard base64; PHC drops the padding. */
const unpadded = (text: string) => text.replace(/=+$/, '');

const ARGON2_TYPES: Record<string, string> = { id: 'argon2id', i: 'argon2i' };
const ARGON2_VERSIONS: Record<string, number> = { '1.3': 19, '1.0': 16 };

/** The first value of one of Keycloak's multi-valued parameters. */
const parameter = (data: CredentialData, name: string) => data.additionalParameters?.[name]?.[0];

function argon2(secret: SecretData, data: CredentialData, salt: string, value: string): Converted {
  const type = ARGON2_TYPES[parameter(data, 'type') ?? 'id'];
  const version = ARGON2_VERSIONS[parameter(data, 'version') ?? '1.3'];
  if (!type || !version) return { refused: `argon2 of type ${parameter(data, 'type')}` };
  const costs = `m=${parameter(data, 'memory')},t=${data.hashIterations},p=${parameter(data, 'parallelism')}`;
  return { value: `$${type}$v=${version}$${costs}$${unpadded(salt)}$${unpadded(value)}` };
}

/**
 * Keycloak's pbkdf2 providers derive a 512-bit key whatever the digest; PHC's form says so.
 */
function pbkdf2(digest: string, data: CredentialData, salt: string, value: string): Converted {
  const keyBytes = Buffer.from(value, 'base64').length;
  const costs = `i=${data.hashIterations},l=${keyBytes}`;
  return { value: `$pbkdf2-${digest}$${costs}$${unpadded(salt)}$${unpadded(value)}` };
}

const PBKDF2_DIGESTS: Record<string, string> = {
  pbkdf2: 'sha1',
  'pbkdf2-sha256': 'sha256',
  'pbkdf2-sha512': 'sha512',
};

/**
 * A password credential in PHC's form, which our verifier reads: pbkdf2, pbkdf2-sha256,
 * pbkdf2-sha512 and argon2, and bcrypt's own string from the keycloak-bcrypt provider. Any other
 * algorithm (a provider of the realm's own) is refused.
 */
export function keycloakPassword(credential: KeycloakCredential): Converted {
  const [secret, data] = halves(credential);
  const { value, salt } = secret;
  const algorithm = data.algorithm ?? '';
  // The bcrypt provider most realms that have one use (keycloak-bcrypt) keeps the whole string.
  if (algorithm === 'bcrypt' && value?.startsWith('$2')) return { value };
  if (!value || !salt) return { refused: 'a password credential without its hash' };
  if (algorithm === 'argon2') return argon2(secret, data, salt, value);
  const digest = PBKDF2_DIGESTS[algorithm];
  if (digest) return pbkdf2(digest, data, salt, value);
  return { refused: `password hash algorithm "${algorithm}" cannot be read here` };
}

/**
 * A TOTP credential as the base32 secret of an otpCode, where ours verifies it: SHA-1, 6 digits,
 * 30 seconds, what authenticator apps assume. Keycloak keeps the secret as the text its HMAC key
 * is made of, or already in base32 where it says so.
 */
export function keycloakTotp(credential: KeycloakCredential): Converted {
  const [secret, data] = halves(credential);
  if (data.subType !== 'totp') return { refused: `OTP of type ${data.subType} (HOTP)` };
  const { algorithm = 'HmacSHA1', digits = 6, period = 30 } = data;
  if (algorithm !== 'HmacSHA1' || digits !== 6 || period !== 30)
    return { refused: `TOTP with ${algorithm}, ${digits} digits, ${period} s` };
  if (!secret.value) return { refused: 'a TOTP credential without its secret' };
  if (data.secretEncoding?.toUpperCase() === 'BASE32') return { value: secret.value };
  return { value: base32.encode(Buffer.from(secret.value, 'utf8')).replace(/=+$/, '') };
}
