/**
 * `node dist/bench/session-touch.js` (after `npm run build`): what recording a session's last use
 * costs a refresh. On a MariaDB test database: a person signed in on the account page's client,
 * then sequential refreshes of its tokens (each rotates the refresh token, as a browser's does),
 * and the one UPDATE a refresh adds (signed_in_sessions.last_used_at by its key), alone. Prints
 * both distributions in milliseconds.
 */
import { createHumanUser } from '../services/api/admin/users.js';
import { buildOrg } from '../test/support/factories.js';
import { profilePageFlow } from '../test/support/profile-sign-in.js';
import { publicUrlEnv } from '../test/support/relying-party.js';
import { minimalImport } from '../test/support/requests.js';
import { SignInBrowser } from '../test/support/sign-in-flow.js';
import { TestService } from '../test/support/test-service.js';
import { summary } from './statistics.js';

const REFRESHES = 300;
const UPDATES = 2000;
const PASSWORD = 'Bench-session-2026!';

const service = await TestService.start(await publicUrlEnv());
try {
  const { orgId } = await buildOrg(service);
  await createHumanUser(service.dataSource, service.config, orgId, {
    ...minimalImport('bench.sessions'),
    password: PASSWORD,
  });
  const flow = await profilePageFlow(service.config.publicUrl);
  const browser = new SignInBrowser(service.config.publicUrl);
  const landed = await browser.signIn(flow.url, 'bench.sessions', PASSWORD);
  let refreshToken = (await flow.finish(landed.url)).refresh_token!;

  const refreshes: number[] = [];
  for (let i = 0; i < REFRESHES; i++) {
    const started = process.hrtime.bigint();
    refreshToken = await flow.refresh(refreshToken);
    refreshes.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (refreshToken.startsWith('refused')) throw new Error(refreshToken);
  }

  const [recorded] = (await service.dataSource.query(
    'SELECT session_uid FROM signed_in_sessions',
  )) as { session_uid: string }[];
  const uid = recorded!.session_uid;
  const updates: number[] = [];
  for (let i = 0; i < UPDATES; i++) {
    const started = process.hrtime.bigint();
    await service.dataSource.query(
      'UPDATE signed_in_sessions SET last_used_at = ? WHERE session_uid = ?',
      [new Date().toISOString().replace('T', ' ').replace('Z', ''), uid],
    );
    updates.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const round = (figures: ReturnType<typeof summary>) =>
    Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, +value.toFixed(3)]));
  console.log(JSON.stringify({ refreshMs: round(summary(refreshes)) }));
  console.log(JSON.stringify({ lastUsedUpdateMs: round(summary(updates)) }));
} finally {
  await service.close();
}
