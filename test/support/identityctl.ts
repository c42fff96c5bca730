import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

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
