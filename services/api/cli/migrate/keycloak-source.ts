import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UsageError } from '../usage-error.js';
import { jsonArrayItems } from './export-files.js';
import { keycloakPassword, keycloakTotp, type KeycloakCredential } from './keycloak-credentials.js';
import type { Source, SourceRecord } from './sources.js';

/** One user of a Keycloak export, as far as a migration reads it. */
interface KeycloakUser {
  id?: string;
  username?: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  attributes?: Record<string, string[] | undefined>;
  requiredActions?: string[];
  credentials?: KeycloakCredential[];
  federatedIdentities?: { identityProvider?: string; userId?: string; userName?: string }[];
  serviceAccountClientId?: string;
}

const USERS_FILE = /^(.+)-users-(\d+)\.json$/;
const REALM_FILE = /^(.+)-realm\.json$/;

/**
 * The files of one realm in a `kc.sh export --dir` folder, in the order they were written: the
 * realm file (which holds the users when they were exported with `--users realm_file`), then
 * `REALM-users-0.json`, `-1`, … A folder of several realms needs `realm` to choose one. A single
 * file is read as it is.
 */
export function keycloakFiles(input: string, realm?: string): string[] {
  if (!statSync(input).isDirectory()) return [input];
  const names = readdirSync(input);
  const realms = names.flatMap((name) => REALM_FILE.exec(name)?.[1] ?? []);
  const chosen = realm ?? (realms.length === 1 ? realms[0] : undefined);
  if (!chosen || !realms.includes(chosen))
    throw new UsageError(
      realms.length === 0
        ? `--in: no REALM-realm.json in ${input}; is it a kc.sh export folder?`
        : `--in holds the realms ${realms.join(', ')}: choose one with --realm`,
      'migrate',
    );
  const userFiles = names
    .flatMap((name) => {
      const match = USERS_FILE.exec(name);
      return match?.[1] === chosen ? [{ name, n: Number(match[2]) }] : [];
    })
    .sort((a, b) => a.n - b.n)
    .map(({ name }) => join(input, name));
  return [join(input, `${chosen}-realm.json`), ...userFiles];
}

/** What one Keycloak user becomes: its request, or why it is refused, with what was left out. */
function record(user: KeycloakUser, base: SourceRecord, idps: Map<string, string>): SourceRecord {
  if (user.serviceAccountClientId)
    return { ...base, error: `the service account of client ${user.serviceAccountClientId}` };
  const credentials = user.credentials ?? [];
  const password = credentials.find((c) => c.type === 'password');
  const hash = password && keycloakPassword(password);
  if (hash && 'refused' in hash) return { ...base, error: hash.refused };
  const notes: string[] = [];
  let otpCode: string | undefined;
  for (const otp of credentials.filter((c) => c.type === 'otp')) {
    const secret = keycloakTotp(otp);
    if ('value' in secret && otpCode === undefined) otpCode = secret.value;
    else notes.push(`left out: ${'refused' in secret ? secret.refused : 'a second TOTP device'}`);
  }
  const links = (user.federatedIdentities ?? []).flatMap((link) => {
    const configId = idps.get(link.identityProvider ?? '');
    if (!configId) notes.push(`left out: the link to ${link.identityProvider} (no --idp for it)`);
    return configId && link.userId
      ? [{ configId, externalUserId: link.userId, displayName: link.userName ?? link.userId }]
      : [];
  });
  const locale = user.attributes?.locale?.[0];
  const fallback = user.username ?? '';
  return {
    ...base,
    ...(notes.length > 0 && { notes }),
    ...(user.enabled === false && { deactivated: 'disabled in Keycloak' }),
    request: {
      userName: user.username,
      externalId: user.id,
      profile: {
        firstName: user.firstName || fallback,
        lastName: user.lastName || user.firstName || fallback,
        ...(locale && { preferredLanguage: locale }),
      },
      email: { email: user.email, isEmailVerified: user.emailVerified ?? false },
      ...(hash && { hashedPassword: { value: hash.value } }),
      ...(user.requiredActions?.includes('UPDATE_PASSWORD') && { passwordChangeRequired: true }),
      ...(otpCode && { otpCode }),
      ...(links.length > 0 && { idps: links }),
    },
  };
}

/**
 * `kc.sh export --dir` (or `--file`), each users file streamed user by user: the Keycloak id
 * becomes the externalId; email and its verification, names, locale and UPDATE_PASSWORD carry
 * over; a password credential becomes its hash in passlib's or PHC's form, a TOTP one the
 * otpCode where ours verifies it; each federated identity whose provider alias `idps` maps
 * becomes an idp link. Disabled users and service accounts are reported, not imported.
 */
export async function* keycloakSource(
  input: string,
  realm: string | undefined,
  idps: Map<string, string>,
): Source {
  for (const file of keycloakFiles(input, realm)) {
    let position = 0;
    try {
      for await (const { value } of jsonArrayItems<KeycloakUser>(file, 'users')) {
        position++;
        const base = { file: basename(file), position, userName: value.username };
        try {
          yield record(value, { ...base, externalId: value.id }, idps);
        } catch (error) {
          // A credential's JSON-in-a-string that does not parse.
          yield { ...base, error: `unreadable credential: ${(error as Error).message}` };
        }
      }
    } catch (error) {
      yield {
        file: basename(file),
        position: position + 1,
        error: `not Keycloak's export: ${(error as Error).message}`,
      };
    }
  }
}
