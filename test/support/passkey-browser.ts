import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Passkeys, PasskeyView } from '../../services/api/accounts/passkeys/passkeys.js';

/** The package's browser bundle (not among its exports: read by path, from the project root). */
const BROWSER_LIBRARY = fileURLToPath(
  new URL(
    '../../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js',
    import.meta.url,
  ),
);

/**
 * @simplewebauthn/browser on the page, as `SimpleWebAuthnBrowser`: evaluated through the
 * debugging protocol, as the page's Content-Security-Policy refuses a script tag of the test's.
 */
async function withBrowserLibrary(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => 'SimpleWebAuthnBrowser' in globalThis);
  if (!loaded) await page.evaluate(await readFile(BROWSER_LIBRARY, 'utf8'));
}

/** Runs `startRegistration` on the page (on the service's origin) with the options given. */
export const browserRegistration = (page: Page, options: unknown): Promise<unknown> =>
  inBrowser(page, 'startRegistration', options);

/** Runs `startAuthentication` on the page with the options given: the assertion. */
export const browserAssertion = (page: Page, options: unknown): Promise<unknown> =>
  inBrowser(page, 'startAuthentication', options);

type Ceremony = 'startRegistration' | 'startAuthentication';

async function inBrowser(page: Page, ceremony: Ceremony, options: unknown): Promise<unknown> {
  await withBrowserLibrary(page);
  return page.evaluate(
    ([name, optionsJSON]) =>
      (
        globalThis as unknown as {
          SimpleWebAuthnBrowser: Record<Ceremony, (o: unknown) => Promise<unknown>>;
        }
      ).SimpleWebAuthnBrowser[name]({ optionsJSON }),
    [ceremony, options] as const,
  );
}

/**
 * Registers a passkey for the user as a signed-in person would, without the pages: the options
 * from `passkeys`, the ceremony in the page's authenticator, the answer verified and stored.
 */
export async function registerPasskey(
  page: Page,
  passkeys: Passkeys,
  userId: string,
  name?: string,
): Promise<PasskeyView> {
  const { ceremonyId, options } = await passkeys.startRegistration(userId);
  const response = await browserRegistration(page, options);
  return passkeys.finishRegistration(userId, ceremonyId, response, name);
}
