import { readFile } from 'node:fs/promises';
import newman, { type NewmanRunSummary } from 'newman';

/** What one request of a run came to: its name, and its assertions that passed and failed. */
export interface RequestOutcome {
  request: string;
  /** The answer's HTTP status (0 when none came). */
  status: number;
  /** The answer's body, for a failure's message. */
  body?: string;
  passed: string[];
  failed: string[];
}

interface CollectionItem {
  name: string;
  item?: CollectionItem[];
  request?: { url: { raw: string; path: string[] } };
}

/**
 * Microsoft's SCIM reference collection (test/fixtures/scim/PostmanCollection.json, unchanged)
 * with the adaptations test/fixtures/scim/README.md lists, and only those: the reference
 * server's own endpoints. Its `GET /Token` (a token for the string "SecureLogin") is left out,
 * the token is given instead; its `GET /serviceConfiguration` is RFC 7644 §4's
 * `GET /ServiceProviderConfig`.
 */
export async function referenceCollection(): Promise<{ item: CollectionItem[] }> {
  const collection = JSON.parse(
    await readFile('test/fixtures/scim/PostmanCollection.json', 'utf8'),
  ) as { item: CollectionItem[] };
  collection.item = collection.item.filter((item) => item.name !== 'Get Token');
  const adapt = (items: CollectionItem[]) => {
    for (const item of items) {
      if (item.item) adapt(item.item);
      const url = item.request?.url;
      if (url?.path.at(-1) === 'serviceConfiguration') {
        url.path[url.path.length - 1] = 'ServiceProviderConfig';
        url.raw = url.raw.replace(/serviceConfiguration$/, 'ServiceProviderConfig');
      }
    }
  };
  adapt(collection.item);
  return collection;
}

/**
 * Runs the collection with newman against `scimBase` (`http://host:port/scim/v2/{orgId}`), as
 * its environment's `Protocol`, `Server`, `Port` and `Api`, with `token` as its `token`; answers
 * each request's outcome in the order they ran.
 */
export async function runCollection(
  collection: object,
  scimBase: string,
  token: string,
): Promise<RequestOutcome[]> {
  const url = new URL(scimBase);
  const values = Object.entries({
    Protocol: url.protocol.replace(/:$/, ''),
    Server: url.hostname,
    Port: url.port ? `:${url.port}` : '',
    Api: url.pathname.replace(/^\//, ''),
    token,
  }).map(([key, value]) => ({ key, value, enabled: true }));
  const summary = await new Promise<NewmanRunSummary>((resolve, reject) => {
    newman.run(
      { collection, environment: { values }, reporters: [], timeoutRequest: 10_000 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return summary.run.executions.map((execution) => {
    const assertions = execution.assertions ?? [];
    return {
      request: execution.item.name,
      status: execution.response?.code ?? 0,
      body: execution.response?.stream?.toString(),
      passed: assertions.filter((a) => !a.error).map((a) => a.assertion),
      failed: assertions.filter((a) => a.error).map((a) => a.assertion),
    };
  });
}
