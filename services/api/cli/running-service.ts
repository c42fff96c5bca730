import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../../shared/config/config.js';
import type { Operation } from '../operations/operation.js';

/** A service that answers at `url`, and a token to call it with. */
export interface RunningService {
  url: string;
  token: string;
}

/**
 * The service identityctl calls instead of opening the database, when one runs: at `API_URL`
 * with `TOKEN` from the environment, or (on the embedded database, which the running service
 * holds) at what its `DATA_DIR/quickstart.env` says, an IAM_OWNER's token; none when neither is
 * there or nothing answers its `/healthz` within 2 s.
 */
export async function runningService(config: Config): Promise<RunningService | undefined> {
  let url = process.env.API_URL;
  let token = process.env.TOKEN;
  if ((!url || !token) && !config.databaseUrl) {
    const text = await readFile(join(config.dataDir, 'quickstart.env'), 'utf8').catch(() => '');
    const variables = new Map(
      [...text.matchAll(/^export ([A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]),
    );
    url = variables.get('API_URL');
    token = variables.get('TOKEN');
  }
  if (!url || !token) return undefined;
  const answers = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.ok,
    () => false,
  );
  return answers ? { url, token } : undefined;
}

/**
 * Calls `operation` over the service's REST route in the organization `orgId` (none: the token's
 * own, for an operation of the instance): the request's path
 * fields in the path, the rest as the body. A refusal is thrown said on one line, as
 * callOperation says it.
 */
export async function callService(
  service: RunningService,
  operation: Operation,
  orgId: string | undefined,
  request: Record<string, unknown>,
): Promise<unknown> {
  const body = { ...request };
  const path = operation.http.path.replace(/:(\w+)/g, (_, field: string) => {
    delete body[field];
    return encodeURIComponent(String(request[field] ?? ''));
  });
  const { method } = operation.http;
  const response = await fetch(new URL(path, service.url), {
    method,
    headers: {
      authorization: `Bearer ${service.token}`,
      ...(orgId !== undefined && { 'x-service-orgid': orgId }),
      ...(method !== 'GET' && method !== 'DELETE' && { 'content-type': 'application/json' }),
    },
    ...(method !== 'GET' && method !== 'DELETE' && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    details?: { id?: string; fieldViolations?: { field: string; description: string }[] }[];
  };
  if (response.ok) return answer;
  const id = answer.details?.find((detail) => detail.id)?.id ?? `HTTP ${response.status}`;
  const violations = (answer.details ?? [])
    .flatMap((detail) => detail.fieldViolations ?? [])
    .map((violation) => `${violation.field}: ${violation.description}`);
  throw new Error([`${id}: ${answer.message ?? ''}`, ...violations].join('; '));
}
