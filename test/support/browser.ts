import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-chromium.sh', import.meta.url));

/**
 * Debian's Chromium, headless, driven by playwright-core. scripts/ensure-chromium.sh installs it
 * on a machine that lacks it.
 */
export async function launchChromium(): Promise<Browser> {
  const { stdout } = await promisify(execFile)(ENSURE, { timeout: 600_000 });
  return chromium.launch({
    executablePath: stdout.trim(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
