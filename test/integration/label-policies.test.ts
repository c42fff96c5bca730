import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { describeOnEachDatabase } from '../support/databases.js';
import { buildInitializationCode, buildMember, buildOwner } from '../support/factories.js';
import { solidPng } from '../support/images.js';
import { minimalImport } from '../support/requests.js';
import { publishedAsRecorded } from '../support/published-events.js';
import type { TopicReader } from '../support/topic-reader.js';

const MANAGEMENT = 'identity.management.v1.ManagementService';

/**
 * The label policies (SetLabelPolicy, ResetLabelPolicy and the instance default's pair): what is
 * stored and recorded, what the pages link to and the service serves, and what is refused.
 */
describeOnEachDatabase('label policies: set, reset, and served to the pages', (service) => {
  let owner: { orgId: string; userId: string; token: string };
  let instanceOwner: { token: string };
  let reader: TopicReader;
  const logo = solidPng('#336699');

  before(async () => {
    owner = await buildOwner(service);
    instanceOwner = await buildMember(service, { roles: ['IAM_OWNER'] });
    await service.startRelay();
    reader = await service.readTopics();
  });
  after(() => reader?.stop());

  const policy = (method: 'PUT' | 'DELETE', path: string, token: string, body?: object) =>
    service.call(method, `/management/v1/policies/label${path}`, { token, body });
  /** The activation page of a new user of `orgId`: a page of a link that works. */
  const activationPage = async (orgId: string) => {
    const { userId } = await buildMember(service, { orgId });
    const { code } = await buildInitializationCode(service, userId);
    const page = await fetch(`${service.api.url}/ui/login/init?userID=${userId}&code=${code}`);
    const text = await page.text();
    expect(page.status, text).to.equal(200);
    return text;
  };
  const stylesheetOf = (page: string) =>
    /<link rel="stylesheet" href="(\/ui\/branding\/[^"]+)"/.exec(page)?.[1];

  it('stores an organization’s policy whole, records it without the logo’s bytes, and serves it to its pages', async () => {
    const body = {
      primaryColor: '#5469d4',
      backgroundColor: '#FAFAFF',
      warningColor: '#cd3d56',
      logo: logo.toString('base64'),
      hideServiceName: true,
    };
    const set = await policy('PUT', '', owner.token, body);
    expect(set.status, set.text).to.equal(200);
    expect(set.body.details.resourceOwner).to.equal(owner.orgId);
    const [event] = (await service.events(owner.orgId)).slice(-1);
    expect(event).to.deep.include({ type: 'org.label.policy.changed', orgId: owner.orgId });
    expect(event!.position).to.equal(set.body.details.sequence);
    expect(event!.payload).to.deep.equal({
      ...body,
      fontColor: null,
      logo: {
        contentType: 'image/png',
        size: logo.length,
        sha256: createHash('sha256').update(logo).digest('hex'),
      },
      reset: false,
    });

    const page = await activationPage(owner.orgId);
    const stylesheet = stylesheetOf(page);
    const imported = await service.importUser(
      { ...minimalImport(`branded-${Date.now()}`), requestPasswordlessRegistration: true },
      { token: owner.token },
    );
    const link = new URL(imported.body.passwordlessRegistration.link);
    const registration = await fetch(`${service.api.url}${link.pathname}${link.search}`);
    expect(stylesheetOf(await registration.text()), 'the passkey registration page').to.equal(
      stylesheet,
    );
    expect(stylesheet).to.match(new RegExp(`^/ui/branding/${owner.orgId}/\\d+/label\\.css$`));
    expect(page).to.contain(`<img class="logo" src="${stylesheet!.replace('label.css', 'logo')}"`);
    expect(page, 'the service name hidden').to.not.contain('service-name');
    const css = await fetch(`${service.api.url}${stylesheet}`);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
    expect(css.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await css.text()).to.equal(
      ':root {\n  --primary-color: #5469d4;\n  --background-color: #FAFAFF;\n' +
        '  --warning-color: #cd3d56;\n}\n',
    );
    const image = await fetch(`${service.api.url}${stylesheet!.replace('label.css', 'logo')}`);
    expect(image.headers.get('content-type')).to.equal('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).to.equal(true);
    const stale = await fetch(`${service.api.url}${stylesheet!.replace(/\/\d+\//, '/0/')}`);
    expect(stale.headers.get('cache-control'), 'an older version is not kept').to.equal('no-cache');
  });

  it('falls back from a reset organization to the instance default, and from it to the own look', async () => {
    const org = await buildOwner(service);
    expect((await policy('PUT', '', org.token, { primaryColor: '#00aa00' })).status).to.equal(200);
    const instance = await policy('PUT', '/default', instanceOwner.token, { fontColor: '#222' });
    expect(instance.status, instance.text).to.equal(200);
    expect(instance.body.details.resourceOwner).to.equal('instance');
    expect(stylesheetOf(await activationPage(org.orgId))).to.contain(`/ui/branding/${org.orgId}/`);

    const reset = await policy('DELETE', '', org.token);
    expect(reset.status, reset.text).to.equal(200);
    const [event] = (await service.events(org.orgId)).slice(-1);
    expect(event!.payload).to.include({ reset: true, primaryColor: null, logo: null });
    const page = await activationPage(org.orgId);
    expect(stylesheetOf(page)).to.match(/^\/ui\/branding\/default\/\d+\/label\.css$/);
    expect(page).to.contain('<span class="service-name">Identity</span>');
    const again = await policy('DELETE', '', org.token);
    expect(again.body.details.sequence, 'a second reset records nothing').to.equal(
      reset.body.details.sequence,
    );
    const policyEvents = (await service.events(org.orgId)).filter(
      (recorded) => recorded.type === 'org.label.policy.changed',
    );
    expect(policyEvents).to.have.length(2);

    expect((await policy('DELETE', '/default', instanceOwner.token)).status).to.equal(200);
    expect(stylesheetOf(await activationPage(org.orgId))).to.equal(undefined);
    const published = await publishedAsRecorded(
      service,
      reader,
      'instance',
      service.topics.instance,
    );
    expect(published.map((e) => e.data.reset)).to.deep.equal([false, true]);
    await publishedAsRecorded(service, reader, org.orgId, service.topics.org);
  });

  it('refuses a bad colour, a logo that is no PNG, JPEG, GIF or WebP, and one over 256 KiB, keeping the policy', async () => {
    const org = await buildOwner(service);
    await policy('PUT', '', org.token, { primaryColor: '#123' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const pixel = solidPng('#000000', 1, 1);
    const largest = Buffer.concat([pixel, Buffer.alloc(256 * 1024 - pixel.length)]);
    const large = Buffer.concat([largest, Buffer.alloc(1)]);
    const cases: [object, string, string][] = [
      [{ primaryColor: 'red' }, 'primaryColor', 'must be a colour as #rgb or #rrggbb'],
      [{ fontColor: '#12345' }, 'fontColor', 'must be a colour as #rgb or #rrggbb'],
      [{ logo: 'not base64!' }, 'logo', 'must be base64'],
      [{ logo: svg.toString('base64') }, 'logo', 'must be a PNG, JPEG, GIF or WebP image'],
      [{ logo: large.toString('base64') }, 'logo', 'must be at most 256 KiB'],
    ];
    for (const [body, field, description] of cases) {
      const refused = await policy('PUT', '', org.token, body);
      expect(refused.status, refused.text).to.equal(400);
      expect(refused.body.details[0].fieldViolations).to.deep.equal([{ field, description }]);
    }
    const [row] = await service.dataSource.query(
      'SELECT primary_color, logo FROM label_policies WHERE owner_id = ?',
      [org.orgId],
    );
    expect(row).to.deep.equal({ primary_color: '#123', logo: null });
    const atTheLimit = await policy('PUT', '', org.token, { logo: largest.toString('base64') });
    expect(atTheLimit.status, 'a logo of 256 KiB exactly').to.equal(200);
  });

  it('takes the logo as bytes over gRPC and gRPC-web, as the same policy', async () => {
    const org = await buildOwner(service);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const request = { primaryColor: '#0a0b0c', logo: jpeg };
    for (const call of [service.grpc.bind(service), service.grpcWeb.bind(service)]) {
      const outcome = await call(MANAGEMENT, 'SetLabelPolicy', request, { token: org.token });
      expect(outcome.code, outcome.message).to.equal(0);
      const [row] = await service.dataSource.query(
        'SELECT logo_type, logo FROM label_policies WHERE owner_id = ?',
        [org.orgId],
      );
      expect(row.logo_type).to.equal('image/jpeg');
      expect(Buffer.from(row.logo).equals(jpeg)).to.equal(true);
    }
  });
});
