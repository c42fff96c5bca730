import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { freePort } from '../support/api-process.js';
import { describeOnEachDatabase } from '../support/databases.js';
import { directoryOrg } from '../support/scim-protocol.js';

const run = promisify(execFile);

/** One step of ScimSdkRun.java: what the SDK's call returned, or the SCIM error it raised. */
interface SdkStep {
  step: string;
  ok: boolean;
  result?: string;
  status?: number;
  scimType?: string | null;
  detail?: string;
  exception?: string;
}

/**
 * Ping Identity's (UnboundID's) SCIM 2 SDK client from Maven Central
 * (com.unboundid.product.scim2:scim2-sdk-client, fetched by scripts/scim-sdk-fetch.sh) drives a
 * user's life through its own API (test/scim-client/ScimSdkRun.java): a second client we did
 * not write, beside Microsoft's collection. The SDK follows each User's `meta.location` and sends
 * its `meta.version` as If-Match, so the service's PUBLIC_URL is the address it listens on.
 */
describeOnEachDatabase(
  "SCIM: Ping Identity's SCIM 2 SDK client (Java) drives a user's life",
  (service) => {
    before(() => service.startWorker());

    it("answers each of the SDK's calls as RFC 7644 has it, its parsing included", async () => {
      const { stdout: libs } = await run('scripts/scim-sdk-fetch.sh', [], { timeout: 600_000 });
      const org = await directoryOrg(service);
      const userName = `sdk-${randomBytes(4).toString('hex')}`;
      const { stdout } = await run(
        'java',
        [
          // Jersey's PATCH workaround sets HttpURLConnection's method by reflection.
          '--add-opens',
          'java.base/java.net=ALL-UNNAMED',
          '-cp',
          `${libs.trim()}/*`,
          'test/scim-client/ScimSdkRun.java',
          `${service.api.url}/scim/v2/${org.orgId}`,
          userName,
        ],
        { timeout: 120_000, env: { ...process.env, SCIM_TOKEN: org.token } },
      );
      const steps = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as SdkStep)
        // An error's detail is the service's words: that there is one is the SDK's part.
        .map(({ detail, ...step }) =>
          detail === undefined ? step : { ...step, detail: detail.length > 0 },
        );
      expect(steps, stdout).to.deep.equal([
        {
          step: 'service provider config',
          ok: true,
          result: 'patch=true etag=true bulk=true',
        },
        { step: 'resource types', ok: true, result: '1 User /Users' },
        {
          step: 'schemas',
          ok: true,
          result: '2 urn:ietf:params:scim:schemas:core:2.0:User',
        },
        { step: 'create', ok: true, result: `${userName} Barbara Jensen version=true` },
        { step: 'retrieve by id', ok: true, result: userName },
        { step: 'search by filter', ok: true, result: '1 true' },
        { step: 'search by POST .search', ok: true, result: '1 1' },
        { step: 'replace with If-Match', ok: true, result: 'Babs Jensen' },
        { step: 'modify active false with If-Match', ok: true, result: 'active=false' },
        {
          step: 'modify with a stale If-Match',
          ok: false,
          status: 412,
          scimType: null,
          detail: true,
        },
        { step: 'delete', ok: true, result: 'deleted' },
        {
          step: 'retrieve deleted',
          ok: false,
          status: 404,
          scimType: null,
          detail: true,
        },
      ]);
    });
  },
  async () => {
    const port = await freePort();
    return {
      HTTP_PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      KAFKA_BROKERS: '',
    };
  },
);
