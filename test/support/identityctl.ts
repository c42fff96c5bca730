import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestService } from './test-service.js';

const CLI = join(process.cwd(), 'dist/services/api/cli/identityctl.js');

/** Runs the built `identityctl` with `env` alone (and PATH): its exit code, output and JSON. */
export async function identityctl(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; json?: any; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [CLI, ...args], {
      env: { PATH: process.env.PATH!, ...env },
    });
    const json = stdout.startsWith('usage:') ? undefined : JSON.parse(stdout);
    return { code: 0, json, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** What `identityctl` needs to act on `service`'s database, keys and links. */
export function identityctlEnv(service: TestService): Record<string, string> {
  return {
    DATABASE_URL: service.config.databaseUrl!,
    JWT_SIGNING_KEY_FILE: service.config.auth.signingKeyFile!,
    PUBLIC_URL: service.config.publicUrl,
  };
}
