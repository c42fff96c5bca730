import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createHumanUser } from '../../services/api/admin/users.js';
import { chromiumAndService, policyViolations } from '../support/browser.js';
import { buildMember, buildOwner, buildProject, type BuiltMember } from '../support/factories.js';
import { solidPng } from '../support/images.js';
import { authorization, discoveredClient } from '../support/relying-party.js';
import { minimalImport } from '../support/requests.js';

const PASSWORD = 'Zoo-keeper-1!';

/** Each label policy's colours: the primary one is its logo's too. */
const POLICIES = {
  instance: { primaryColor: '#aa0000', backgroundColor: '#fff0f0' },
  project: { primaryColor: '#007700', backgroundColor: '#f0fff0', hideServiceName: true },
  user: { primaryColor: '#0000bb', backgroundColor: '#f0f0ff' },
};
type Owner = keyof typeof POLICIES;

/** The contract's rule: whose policy shows before the user name step, and after it. */
const RULE: [setting: string, before: Owner, after: Owner][] = [
  ['PRIVATE_LABELING_SETTING_UNSPECIFIED', 'instance', 'user'],
  ['PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY', 'project', 'project'],
  ['PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY', 'project', 'user'],
];

/** What the page shows: its computed colours, the logo's address and whether it loaded. */
interface Look {
  button: string;
  background: string;
  logo: string | null;
  logoWidth: number;
  serviceName: boolean;
}

const lookOf = (page: Page) =>
  page.evaluate(`(() => {
    const logo = document.querySelector('img.logo');
    return {
      button: getComputedStyle(document.querySelector('button[type=submit]')).backgroundColor,
      background: getComputedStyle(document.documentElement).backgroundColor,
      logo: logo && logo.getAttribute('src'),
      logoWidth: logo ? logo.naturalWidth : 0,
      serviceName: document.querySelector('.service-name') !== null,
    };
  })()`) as Promise<Look>;

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/**
 * privateLabelingSetting at sign-in, in headless Chromium with openid-client as the application's
 * relying party: three label policies (the instance default, the project's organization's, the
 * user's organization's), and for each setting the computed colours and the logo of the user name
 * step and of the password step. SCREENSHOT_DIR, when set, keeps a screenshot of each.
 */
describe('the sign-in pages’ branding in headless Chromium', function () {
  this.timeout(120_000);
  const chromium = chromiumAndService();
  const owners = {} as Record<Owner, { id: string; member?: BuiltMember }>;
  let userName = '';

  it('shows the label policy privateLabelingSetting picks, before and after the user name step', async () => {
    const { service, browser } = chromium;
    const setPolicy = async (path: string, token: string, owner: Owner) => {
      const body = {
        ...POLICIES[owner],
        logo: solidPng(POLICIES[owner].primaryColor).toString('base64'),
      };
      const set = await service.call('PUT', `/management/v1/policies/label${path}`, {
        token,
        body,
      });
      expect(set.status, set.text).to.equal(200);
    };
    const instanceOwner = await buildMember(service, { roles: ['IAM_OWNER'] });
    await setPolicy('/default', instanceOwner.token, 'instance');
    owners.instance = { id: 'default' };
    for (const owner of ['project', 'user'] as const) {
      const member = await buildOwner(service);
      await setPolicy('', member.token, owner);
      owners[owner] = { id: member.orgId, member };
    }
    const projectOwner = owners.project.member!;
    const { projectId } = await buildProject(service, { orgId: projectOwner.orgId });
    const landing = `${service.config.publicUrl}/ui/profile`;
    const manage = (method: string, path: string, body: unknown) =>
      service.call(method, `/management/v1/projects/${projectId}${path}`, {
        token: projectOwner.token,
        body,
      });
    const app = await manage('POST', '/apps/oidc', { name: 'Zoo', redirectUris: [landing] });
    const client = await discoveredClient(
      service.config.publicUrl,
      app.body.clientId,
      app.body.clientSecret,
    );
    userName = `branded-${Date.now()}`;
    await createHumanUser(service.dataSource, service.config, owners.user.id, {
      ...minimalImport(userName),
      password: PASSWORD,
    });

    const expectLook = (look: Look, owner: Owner, step: string) => {
      const policy = POLICIES[owner];
      expect(look, `${step}: ${owner}'s policy`).to.deep.include({
        button: rgb(policy.primaryColor),
        background: rgb(policy.backgroundColor),
        serviceName: !('hideServiceName' in policy),
      });
      expect(look.logo).to.match(new RegExp(`^/ui/branding/${owners[owner].id}/\\d+/logo$`));
      expect(look.logoWidth, 'the logo loaded').to.equal(96);
    };
    for (const [setting, before, after] of RULE) {
      const updated = await manage('PUT', '', { name: 'Zoo', privateLabelingSetting: setting });
      expect(updated.status, updated.text).to.equal(200);
      const locale = setting.endsWith('UNSPECIFIED') ? 'de-CH' : 'en';
      const page = await browser.newPage({ locale });
      const violations = policyViolations(page);
      await page.goto((await authorization(client, landing)).url);
      expectLook(await lookOf(page), before, `${setting}, user name step`);
      const shot = setting
        .replace('PRIVATE_LABELING_SETTING_', '')
        .toLowerCase()
        .replaceAll('_', '-');
      await keep(page, `${shot}-1-user-name`);
      await page.fill('#userName', userName);
      await page.click('button[type=submit]');
      await page.waitForSelector('#password');
      // The element is there before the page's stylesheet and logo are: wait for them too.
      await page.waitForLoadState('load');
      expectLook(await lookOf(page), after, `${setting}, password step`);
      await keep(page, `${shot}-2-password`);
      expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
      await page.close();
    }
  });
  it('dresses the account page in the signed-in user’s organization’s policy', async () => {
    const { service, browser } = chromium;
    const page = await browser.newPage({ locale: 'en' });
    const violations = policyViolations(page);
    await page.goto(`${service.config.publicUrl}/ui/profile`);
    expect(await page.isHidden('#brand-logo'), 'no logo before anyone signs in').to.equal(true);
    await page.click('#sign-in-button');
    await page.fill('#userName', userName);
    await page.click('button[type=submit]');
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('#brand-logo:not([hidden])');
    const policy = POLICIES.user;
    await page.waitForFunction(
      `getComputedStyle(document.documentElement).backgroundColor === '${rgb(policy.backgroundColor)}'`,
    );
    const look = (await page.evaluate(`(() => {
      const logo = document.getElementById('brand-logo');
      return {
        button: getComputedStyle(document.getElementById('save')).backgroundColor,
        logo: logo.getAttribute('src'),
        logoWidth: logo.naturalWidth,
        serviceName: !document.getElementById('service-name').hidden,
      };
    })()`)) as Omit<Look, 'background'>;
    expect(look).to.deep.equal({
      button: rgb(policy.primaryColor),
      logo: `/ui/branding/${owners.user.id}/current/logo`,
      logoWidth: 96,
      serviceName: true,
    });
    await keep(page, 'account-page');
    expect(violations, 'Content-Security-Policy violations').to.deep.equal([]);
    await page.close();
  });
});

/** A screenshot of the form and the page's background around it, when SCREENSHOT_DIR is set. */
async function keep(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const clip = { x: 320, y: 16, width: 640, height: 400 };
  await page.screenshot({ path: join(dir, `${name}.png`), clip });
}
