/**
 * Writes a Keycloak realm export as `kc.sh export --dir --users different_files` lays it out:
 * `REALM-realm.json`, then `REALM-users-N.json` of `perFile` users each, their passwords in the
 * keycloak-bcrypt provider's stored form. Streamed a file at a time, whatever the count.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BCRYPT } from './bench-report.js';

const credential = {
  type: 'password',
  userLabel: 'My password',
  createdDate: 1_795_699_105_000,
  secretData: JSON.stringify({ value: BCRYPT, salt: '', additionalParameters: {} }),
  credentialData: JSON.stringify({
    hashIterations: 10,
    algorithm: 'bcrypt',
    additionalParameters: {},
  }),
};

function user(realm: string, n: number) {
  return {
    id: randomUUID(),
    username: `${realm}-user-${n}`,
    firstName: 'Bench',
    lastName: `User ${n}`,
    email: `${realm}-user-${n}@bench.example`,
    emailVerified: true,
    createdTimestamp: 1_795_699_105_000,
    enabled: true,
    totp: false,
    credentials: [{ id: randomUUID(), ...credential }],
    disableableCredentialTypes: [],
    requiredActions: [],
    realmRoles: [`default-roles-${realm}`],
    notBefore: 0,
    groups: [],
  };
}

/** The export's folder holds `users` users of realm `realm`; returns its total size in bytes. */
export async function writeKeycloakExport(
  dir: string,
  realm: string,
  users: number,
  perFile = 1000,
): Promise<number> {
  let bytes = 0;
  const write = async (name: string, value: object) => {
    const text = JSON.stringify(value);
    bytes += Buffer.byteLength(text);
    await writeFile(join(dir, name), text);
  };
  await write(`${realm}-realm.json`, { id: realm, realm, enabled: true });
  for (let file = 0; file * perFile < users; file++) {
    const first = file * perFile + 1;
    const count = Math.min(perFile, users - first + 1);
    const batch = Array.from({ length: count }, (_, i) => user(realm, first + i));
    await write(`${realm}-users-${file}.json`, { realm, users: batch });
  }
  return bytes;
}

/** Runs `run` on a fresh export of `users` users in a folder of its own, removed afterwards. */
export async function withExport<T>(
  users: number,
  realm: string,
  run: (dir: string, bytes: number) => Promise<T>,
) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-keycloak-export-'));
  try {
    const started = Date.now();
    const bytes = await writeKeycloakExport(dir, realm, users);
    console.error(
      `bench: wrote ${users} users (${Math.round(bytes / 1e6)} MB) in ${(Date.now() - started) / 1000} s`,
    );
    return await run(dir, bytes);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
