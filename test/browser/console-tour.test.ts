import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { consoleAndService, consolePerson, signedInConsole } from '../support/console-browser.js';
import { buildOrg } from '../support/factories.js';

/** The widths every console page is seen at: a desktop's and a phone's. */
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Every console page, at a desktop's width and a phone's, in headless Chromium: axe-core finds no
 * serious or critical violation at either, and no page is wider than a phone's screen (nothing to
 * scroll sideways but a wide table, which scrolls in its own frame). With CONSOLE_SCREENSHOT_DIR
 * set, a screenshot of each is kept there (docs/images/console/ is made so:
 * `npm run docs:console-screenshots`).
 */
describe('the admin console, every page at desktop and phone width', function () {
  this.timeout(300_000);
  const both = consoleAndService();
  /** Each page's name and how to open it (from the signed-in administrator's first page). */
  const pages: [string, (page: Page) => Promise<unknown>][] = [];
  let page: Page;

  before(async () => {
    const { service, browser } = both;
    const { orgId } = await buildOrg(service, { name: 'Example Corp' });
    // An instance administrator too, so that the organizations' page is among the pages.
    const admin = await consolePerson(service, orgId, 'grace.admin', ['ORG_OWNER', 'IAM_OWNER']);
    await buildOrg(service, { name: 'Example Labs' });
    const people = [
      ['ada.lovelace', 'Ada', 'Lovelace'],
      ['alan.turing', 'Alan', 'Turing'],
      ['barbara.liskov', 'Barbara', 'Liskov'],
      ['edsger.dijkstra', 'Edsger', 'Dijkstra'],
      ['frances.allen', 'Frances', 'Allen'],
      ['john.backus', 'John', 'Backus'],
      ['katherine.johnson', 'Katherine', 'Johnson'],
      ['margaret.hamilton', 'Margaret', 'Hamilton'],
    ];
    const token = await service.token(admin.userId);
    const imported = await service.call('POST', '/management/v1/users/human/_import-batch', {
      token,
      body: {
        users: people.map(([userName, firstName, lastName]) => ({
          userName,
          profile: { firstName, lastName },
          email: { email: `${userName}@example.com`, isEmailVerified: true },
        })),
        sendInitializationEmail: false,
      },
    });
    expect(imported.status, imported.text).to.equal(200);
    const ada = imported.body.results[0].userId as string;
    const made = async (path: string, body: object) => {
      const answer = await service.call('POST', `/management/v1${path}`, { token, body });
      expect(answer.status, answer.text).to.equal(200);
      return answer.body;
    };
    const { id: project } = await made('/projects', { name: 'Shop' });
    await made(`/projects/${project}/roles`, { roleKey: 'buyer', displayName: 'Buyer' });
    const { appId } = await made(`/projects/${project}/apps/oidc`, {
      name: 'Shop front',
      redirectUris: ['https://shop.example.com/callback'],
    });
    const granted = await made(`/users/${ada}/grants`, { projectId: project, roleKeys: ['buyer'] });
    const { userId: machine } = await made('/users/machine', {
      userName: 'billing-sync',
      name: 'Billing sync',
      description: 'Copies invoices to the ledger',
    });
    const { id: idp } = await made('/idps/generic_oidc', {
      name: 'Partner login',
      issuer: 'https://login.partner.example',
      clientId: 'identity-console',
      clientSecret: 'not-shown-anywhere',
    });
    ({ page } = await signedInConsole(browser, service, admin));
    const base = `${service.config.publicUrl}/ui/console`;
    pages.push(
      ['users', (p) => p.goto(`${base}/users`)],
      ['users-search', (p) => p.goto(`${base}/users?q=a&sort=name`)],
      ['user', (p) => p.goto(`${base}/users/${ada}`)],
      ['user-profile', (p) => p.goto(`${base}/users/${ada}/profile`)],
      ['user-remove', (p) => p.goto(`${base}/users/${ada}/remove`)],
      ['user-new', (p) => p.goto(`${base}/users/new`)],
      ['users-import', (p) => p.goto(`${base}/users/import`)],
      ['activity', (p) => p.goto(`${base}/activity`)],
      ['organization', (p) => p.goto(`${base}/organization`)],
      ['organization-member', (p) => p.goto(`${base}/organization/members/${admin.userId}`)],
      ['organization-machines', (p) => p.goto(`${base}/organization/machines`)],
      ['organization-machine', (p) => p.goto(`${base}/organization/machines/${machine}`)],
      ['organization-branding', (p) => p.goto(`${base}/organization/branding`)],
      ['organization-idps', (p) => p.goto(`${base}/organization/idps`)],
      ['organization-idp', (p) => p.goto(`${base}/organization/idps/${idp}`)],
      ['organization-login-policy', (p) => p.goto(`${base}/organization/login-policy`)],
      ['projects', (p) => p.goto(`${base}/projects?after=${granted.details.sequence}`)],
      ['project', (p) => p.goto(`${base}/projects/${project}`)],
      ['project-remove', (p) => p.goto(`${base}/projects/${project}/remove`)],
      ['project-roles', (p) => p.goto(`${base}/projects/${project}/roles`)],
      ['project-role', (p) => p.goto(`${base}/projects/${project}/roles/buyer`)],
      ['project-apps', (p) => p.goto(`${base}/projects/${project}/apps`)],
      ['project-app-new', (p) => p.goto(`${base}/projects/${project}/apps/new`)],
      ['project-app', (p) => p.goto(`${base}/projects/${project}/apps/${appId}`)],
      ['project-user-grants', (p) => p.goto(`${base}/projects/${project}/user-grants`)],
      ['project-grants', (p) => p.goto(`${base}/projects/${project}/project-grants`)],
      ['orgs', (p) => p.goto(`${base}/orgs?q=example`)],
    );
  });

  for (const [width, viewport] of Object.entries(VIEWPORTS))
    it(`${width}: no serious accessibility violation, nothing wider than the screen`, async () => {
      await page.setViewportSize(viewport);
      const dir = process.env.CONSOLE_SCREENSHOT_DIR;
      if (dir) mkdirSync(dir, { recursive: true });
      for (const [name, open] of pages) {
        await open(page);
        expect(await seriousAccessibilityViolations(page), name).to.deep.equal([]);
        const wide = (await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        )) as number;
        expect(wide, `${name} is wider than the ${width}'s screen`).to.be.at.most(0);
        if (dir) await page.screenshot({ path: join(dir, `${name}-${width}.png`) });
      }
    });
});
