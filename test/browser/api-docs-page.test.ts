import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { forbidPolicyViolations, launchChromium } from '../support/browser.js';
import { TestService } from '../support/test-service.js';

const ARTIFACTS = 'test-artifacts';

describe('the API page in headless Chromium', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  const csp = forbidPolicyViolations();
  let page: Page;
  const requested: string[] = [];
  const failed: string[] = [];

  before(async () => {
    browser = await launchChromium();
    service = await TestService.start();
    page = await browser.newPage();
    csp.watch(page);
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => failed.push(error.message));
    await mkdir(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it('renders every operation of /openapi.json, from the service alone', async () => {
    await page.goto(`${service.api.url}/ui/api`);
    await page.locator('.opblock').nth(3).waitFor();
    const shown = await page
      .locator('.opblock-summary')
      .evaluateAll((summaries) =>
        summaries.map((summary) =>
          [
            summary.querySelector('.opblock-summary-method')?.textContent,
            summary.querySelector('.opblock-summary-path')?.textContent?.replace(/\u200b/g, ''),
          ].join(' '),
        ),
      );
    const document = (await service.call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(declared).to.include.members([
      'PUT /auth/v1/users/me/profile',
      'POST /management/v1/users/human/_import',
      'PUT /management/v1/projects/{id}',
    ]);
    expect(shown).to.have.members(declared);
    expect(requested).to.include(`${service.api.url}/openapi.json`);
    expect(requested.filter((url) => !url.startsWith(`${service.api.url}/`))).to.deep.equal([]);
    expect(failed).to.deep.equal([]);
  });

  it('shows an operation with its body schema and each documented error status', async () => {
    await page.locator('#operations-ManagementService-ImportHumanUser .opblock-summary').click();
    const operation = page.locator('#operations-ManagementService-ImportHumanUser');
    await operation.locator('.responses-table').first().waitFor();
    const statuses = await operation
      .locator('.responses-table > tbody > tr.response > td.response-col_status')
      .allTextContents();
    const served = (await (await fetch(`${service.api.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    const documented = served.paths['/management/v1/users/human/_import']!.post!.responses;
    expect(statuses.map((status) => status.trim())).to.deep.equal(Object.keys(documented));
    expect(await operation.locator('.opblock-section-request-body').textContent()).to.contain(
      'userName',
    );
    await page.screenshot({ path: `${ARTIFACTS}/api-page.png`, fullPage: true });
    expect(failed).to.deep.equal([]);
  });
});
