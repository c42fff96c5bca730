import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import { addMember } from '../../services/api/admin/organizations.js';
import { launchChromium, policyViolations } from './browser.js';
import { publicUrlEnv } from './relying-party.js';
import { TestService } from './test-service.js';

/** A person of the console's organization who signs in with a password, holding `roles`. */
export interface ConsolePerson {
  userId: string;
  userName: string;
  password: string;
}

/**
 * Headless Chromium and a TestService for the console: on the embedded database, PUBLIC_URL
 * where it listens, the read models' worker reading the outbox in this process. Registers the
 * enclosing suite's hooks.
 */
export function consoleAndService(): { browser: Browser; service: TestService } {
  const both = {} as { browser: Browser; service: TestService };
  before(async function () {
    this.timeout(600_000);
    both.browser = await launchChromium();
    both.service = await TestService.start({
      ...(await publicUrlEnv()),
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
    });
    await both.service.startWorker();
  });
  after(async () => {
    await both.browser?.close();
    await both.service?.close();
  });
  return both;
}

/** A person of `orgId` with a password, holding `roles` there. */
export async function consolePerson(
  service: TestService,
  orgId: string,
  userName: string,
  roles: string[],
): Promise<ConsolePerson> {
  const password = 'Console-keeper-1!';
  const { userId } = await createHumanUser(service.dataSource, service.config, orgId, {
    userName,
    profile: { firstName: userName, lastName: 'Admin' },
    email: { email: `${userName}@example.com`, isEmailVerified: true },
    password,
  });
  for (const role of roles) await addMember(service.dataSource, { orgId, userId, role });
  return { userId, userName, password };
}

/**
 * A browser context of `person` signed in to the console: its first page opened, the
 * provider's sign-in page filled in, back on the console. The context's CSP reports are kept in
 * `violations`.
 */
export async function signedInConsole(
  browser: Browser,
  service: TestService,
  person: ConsolePerson,
  locale = 'en',
): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext({ locale });
  const violations = policyViolations(context);
  const page = await context.newPage();
  await page.goto(`${service.config.publicUrl}/ui/console/`);
  await page.waitForSelector('#userName');
  await page.fill('#userName', person.userName);
  await page.click('button[type=submit]');
  await page.fill('#password', person.password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/ui\/console\/users/);
  expect(await page.textContent('h1')).to.be.a('string');
  return { context, page, violations };
}
