import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { base32 } from '@scure/base';
import { In, MoreThan, type DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { User, UserIdpLink } from '../../../shared/db/entities/index.js';
import { decryptSecret } from '../credentials/otp-secret.js';
import { requireOrganization } from './organizations.js';

/** Users read from the database at a time: the export's memory stays flat whatever their number. */
const PAGE = 1000;

/**
 * One exported user: an ImportHumanUser request as it would make the user again (the password
 * hash as stored, which every import reads), and what an import cannot set: the user's id, its
 * state and creation date. The format `migrate --from identity` reads (docs/operating.md).
 */
function exportLine(user: User, links: UserIdpLink[], otpCode: string | undefined): string {
  const line = {
    userId: user.id,
    state: user.state,
    creationDate: user.creationDate,
    ...(user.externalId !== null && { externalId: user.externalId }),
    userName: user.userName,
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      ...(user.nickName !== null && { nickName: user.nickName }),
      displayName: user.displayName,
      ...(user.preferredLanguage !== null && { preferredLanguage: user.preferredLanguage }),
      gender: user.gender,
    },
    email: { email: user.email, isEmailVerified: user.emailVerified },
    ...(user.phone !== null && {
      phone: { phone: user.phone, isPhoneVerified: user.phoneVerified },
    }),
    ...(user.passwordHash !== null && { hashedPassword: { value: user.passwordHash } }),
    passwordChangeRequired: user.passwordChangeRequired,
    ...(otpCode !== undefined && { otpCode }),
    idps: links.map(({ configId, externalUserId, displayName }) => ({
      configId,
      externalUserId,
      ...(displayName !== null && { displayName }),
    })),
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * Writes every user of the organization to `out` as NDJSON, a page at a time, in the order of
 * their ids. The OTP secret, decrypted, only with `includeSecrets`; password hashes as stored.
 */
export async function exportUsers(
  dataSource: DataSource,
  config: Config,
  { orgId, out, includeSecrets }: { orgId: string; out: string; includeSecrets: boolean },
): Promise<{ orgId: string; users: number; out: string }> {
  await requireOrganization(dataSource, orgId);
  if (includeSecrets && !config.secretsEncryptionKey)
    throw new Error('--include-secrets needs SECRETS_ENCRYPTION_KEY');
  const file = createWriteStream(out);
  let users = 0;
  let after = '';
  for (;;) {
    const page = await dataSource.getRepository(User).find({
      where: { orgId, id: MoreThan(after) },
      order: { id: 'ASC' },
      take: PAGE,
    });
    if (page.length === 0) break;
    const links = await dataSource
      .getRepository(UserIdpLink)
      .find({ where: { userId: In(page.map((user) => user.id)) }, order: { createdAt: 'ASC' } });
    for (const user of page) {
      const otpCode =
        includeSecrets && user.otpSecretEncrypted
          ? base32.encode(decryptSecret(config.secretsEncryptionKey!, user.otpSecretEncrypted))
          : undefined;
      const line = exportLine(
        user,
        links.filter((link) => link.userId === user.id),
        otpCode,
      );
      if (!file.write(line)) await once(file, 'drain');
      users++;
    }
    after = page.at(-1)!.id;
  }
  file.end();
  await once(file, 'finish');
  return { orgId, users, out };
}
