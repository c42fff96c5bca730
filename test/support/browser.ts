import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { publicUrlEnv } from './relying-party.js';
import { TestService } from './test-service.js';

const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-debian-package.sh', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium (or `CHROMIUM_PATH`), headless, driven by playwright-core.
 * scripts/ensure-debian-package.sh installs it on a machine that lacks it.
 */
export async function launchChromium(): Promise<Browser> {
  if (!process.env.CHROMIUM_PATH) {
    await promisify(execFile)(ENSURE, ['chromium', CHROMIUM], { timeout: 600_000 });
  }
  return chromium.launch({
    executablePath: CHROMIUM,
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

/**
 * What Chromium reports of the Content-Security-Policy in `target`'s pages (it logs each violation
 * to the console): a suite expects none from pages used as people use them.
 */
export function policyViolations(target: Page | BrowserContext, seen: string[] = []): string[] {
  target.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/**
 * Fails each test of the enclosing suite in whose course a page watched reported a breach of its
 * Content-Security-Policy; `watch` the suite's page or context once it is made.
 */
export function forbidPolicyViolations(): { watch(target: Page | BrowserContext): void } {
  const seen: string[] = [];
  afterEach(() => {
    expect(seen.splice(0), 'Content-Security-Policy violations').to.deep.equal([]);
  });
  return { watch: (target) => void policyViolations(target, seen) };
}

/** What the hooks of `chromiumAndService` set up, once they have run. */
export interface ChromiumAndService {
  browser: Browser;
  service: TestService;
}

/**
 * Headless Chromium and a TestService on the embedded database whose PUBLIC_URL is where it
 * listens, for a suite of pages: registers the enclosing suite's `before` and `after` hooks.
 */
export function chromiumAndService(): ChromiumAndService {
  const both = {} as ChromiumAndService;
  before(async () => {
    both.browser = await launchChromium();
    both.service = await TestService.start({ ...(await publicUrlEnv()), DATABASE_URL: '' });
  });
  after(async () => {
    await both.browser?.close();
    await both.service?.close();
  });
  return both;
}
