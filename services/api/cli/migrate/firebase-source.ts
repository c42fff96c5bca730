import { jsonArrayItems } from './export-files.js';
import type { Source } from './sources.js';

/** The project's password hash parameters (Firebase console → Authentication → Users → ⋮). */
export interface FirebaseHashParameters {
  /** base64_signer_key */
  hashKey: string;
  /** base64_salt_separator */
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

/** One user of `firebase auth:export --format=json`, as far as a migration reads it. */
interface FirebaseUser {
  localId?: string;
  email?: string;
  emailVerified?: boolean;
  displayName?: string;
  phoneNumber?: string;
  passwordHash?: string;
  salt?: string;
  disabled?: boolean;
  providerUserInfo?: { providerId?: string; rawId?: string; displayName?: string }[];
}

/**
 * Standard base64 with its padding, from either of Firebase's exporters: the CLI writes standard
 * base64, the Admin SDK's and the console's the URL-safe alphabet.
 */
export function standardBase64(text: string): string {
  const standard = text.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  return standard.padEnd(Math.ceil(standard.length / 4) * 4, '=');
}

/** The stored form of a Firebase scrypt hash (Ory Kratos's), as the import takes it. */
export function firescrypt(
  user: { passwordHash: string; salt: string },
  p: FirebaseHashParameters,
) {
  return [
    '',
    'firescrypt',
    `ln=${p.memCost},r=${p.rounds},p=1`,
    standardBase64(user.salt),
    standardBase64(user.passwordHash),
    standardBase64(p.saltSeparator),
    standardBase64(p.hashKey),
  ].join('$');
}

/** Firebase has one display name: its first word is the first name, the rest the last. */
function names(user: FirebaseUser): { firstName: string; lastName: string } {
  const words = (user.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const fallback = (user.email ?? user.localId ?? '').split('@')[0]!;
  const firstName = words[0] ?? fallback;
  return { firstName, lastName: words.slice(1).join(' ') || firstName };
}

/**
 * `firebase auth:export users.json --format=json`, streamed user by user (stream-json): the
 * localId becomes the externalId, the email the user name, the scrypt hash `$firescrypt$` with
 * the project's parameters, and each provider link whose providerId `idps` maps an idp link. A
 * disabled account is imported deactivated.
 */
export async function* firebaseSource(
  file: string,
  parameters: FirebaseHashParameters,
  idps: Map<string, string>,
): Source {
  let position = 0;
  try {
    for await (const { value } of jsonArrayItems<FirebaseUser>(file, 'users')) {
      position++;
      const user = value;
      const base = { file, position, userName: user.email, externalId: user.localId };
      const links = (user.providerUserInfo ?? []).flatMap((info) => {
        const configId = idps.get(info.providerId ?? '');
        return configId && info.rawId ? [{ configId, externalUserId: info.rawId }] : [];
      });
      const password =
        user.passwordHash && user.salt
          ? firescrypt({ passwordHash: user.passwordHash, salt: user.salt }, parameters)
          : undefined;
      yield {
        ...base,
        ...(user.disabled && { deactivated: 'disabled in Firebase' }),
        request: {
          userName: user.email ?? user.localId,
          ...(user.localId !== undefined && { externalId: user.localId }),
          profile: { ...names(user), ...(user.displayName && { displayName: user.displayName }) },
          email: { email: user.email, isEmailVerified: user.emailVerified ?? false },
          ...(user.phoneNumber && { phone: { phone: user.phoneNumber, isPhoneVerified: true } }),
          ...(password && { hashedPassword: { value: password } }),
          ...(links.length > 0 && { idps: links }),
        },
      };
    }
  } catch (error) {
    yield {
      file,
      position: position + 1,
      error: `not Firebase's export: ${(error as Error).message}`,
    };
  }
}
