/**
 * Keycloak 26's own bulk import on this machine and this MariaDB, for the migration bench to print
 * beside ours: `POST /admin/realms/{realm}/partialImport`, users with a hashed password in
 * Keycloak's stored form, `ifResourceExists: SKIP`. The server is the real distribution, fetched
 * from Maven Central by scripts/keycloak-fetch.sh into ~/.cache/identity-service/, built once for
 * MariaDB (`--db` is a build option) and started with `start --optimized`: production mode, a
 * database of its own, the local cache (one node: no cluster discovery), a free loopback port.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { freePort } from '../test/support/api-process.js';
import { pollUntil } from '../test/support/poll.js';
import { cpuMsOf, DATABASE_SERVER, databaseServerPid, TICKS_PER_SECOND } from './process-cpu.js';
import { sleep } from './bench-report.js';

const run = promisify(execFile);
const FETCH_SCRIPT = fileURLToPath(new URL('../../scripts/keycloak-fetch.sh', import.meta.url));
/** Cold (schema creation, first JIT) it took 32 s here on an idle machine, 78 s on a busy one. */
const START_TIMEOUT_MS = 180_000;

export interface KeycloakImportFigures {
  users: number;
  calls: number;
  inFlight: number;
  /** From the first call sent to the last answer received. */
  seconds: number;
  usersPerSecond: number;
  /** CPU time (user + system) Keycloak's JVM used over those seconds. */
  keycloakCpuMs: number;
  /** CPU time of the MariaDB server over the same seconds, whoever else it served meanwhile. */
  databaseCpuMs: number;
  /** CPU time the rest of the machine used meanwhile: on a shared machine, what competed. */
  otherCpuMs: number;
}

/** A Keycloak server of this run's own, over a MariaDB database that is dropped when it stops. */
export class KeycloakServer {
  private token?: { value: string; expiresAt: number };
  private stopped?: Promise<void>;
  private readonly leftRunning = () => this.kill('SIGKILL');

  private constructor(
    readonly url: string,
    readonly databaseName: string,
    readonly logFile: string,
    private readonly shell: ChildProcess,
    private readonly adminPassword: string,
    /** The JVM's (kc.sh is a shell that runs java as its child); kc.sh's until it answers. */
    public pid = shell.pid!,
  ) {
    process.on('exit', this.leftRunning);
  }

  static async start(options: { databaseName: string }): Promise<KeycloakServer> {
    const dist = (await run(FETCH_SCRIPT, [], { timeout: 600_000 })).stdout.trim();
    await buildForMariadb(dist);
    const { databaseName } = options;
    await databaseQuery(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4`);
    const { hostname, port: databasePort, username, password } = DATABASE_SERVER;
    const port = await freePort();
    const logFile = join(await mkdtemp(join(tmpdir(), 'identity-keycloak-')), 'keycloak.log');
    const log = await open(logFile, 'w');
    const adminPassword = randomBytes(12).toString('hex');
    // Detached: kc.sh and its java child form a process group of their own, stopped as one.
    const shell = spawn(
      join(dist, 'bin/kc.sh'),
      [
        ...['start', '--optimized', '--cache', 'local'],
        ...['--db-url', `jdbc:mariadb://${hostname}:${databasePort || 3306}/${databaseName}`],
        ...['--db-username', decodeURIComponent(username)],
        ...['--db-password', decodeURIComponent(password)],
        ...['--http-enabled', 'true', '--http-host', '127.0.0.1', '--http-port', String(port)],
        ...['--hostname-strict', 'false'],
      ],
      {
        detached: true,
        stdio: ['ignore', log.fd, log.fd],
        env: {
          ...process.env,
          KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
          KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
        },
      },
    );
    await log.close();
    const url = `http://127.0.0.1:${port}`;
    const keycloak = new KeycloakServer(url, databaseName, logFile, shell, adminPassword);
    try {
      await keycloak.answering();
      keycloak.pid = javaOf(shell.pid!);
      // One token for a whole run: the master realm's default lasts 60 s.
      await keycloak.admin('PUT', '/admin/realms/master', { accessTokenLifespan: 3600 });
      keycloak.token = undefined;
    } catch (error) {
      await keycloak.stop();
      throw error;
    }
    return keycloak;
  }

  /** An access token of the master realm's admin (admin-cli), kept while it has 20 s left. */
  async adminToken(): Promise<string> {
    if (this.token && this.token.expiresAt - Date.now() > 20_000) return this.token.value;
    const answer = await passwordGrant(this.url, 'master', 'admin', this.adminPassword);
    const { access_token, expires_in } = answer as { access_token: string; expires_in: number };
    this.token = { value: access_token, expiresAt: Date.now() + expires_in * 1000 };
    return access_token;
  }

  /** One admin REST call (`body` as JSON, or already JSON); its answer, or an error saying why. */
  async admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.adminToken()}`,
        'content-type': 'application/json',
      },
      body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** Stops the JVM (SIGTERM, then SIGKILL after 30 s), drops the database and its log; once. */
  stop(): Promise<void> {
    return (this.stopped ??= this.stopOnce());
  }

  private async stopOnce(): Promise<void> {
    this.kill('SIGTERM');
    // kc.sh passes the signal on to java and waits for it; java has 30 s to finish its work.
    for (let i = 0; i < 300 && !Number.isNaN(cpuMsOf(this.pid)); i++) await sleep(100);
    this.kill('SIGKILL');
    process.off('exit', this.leftRunning);
    await databaseQuery(`DROP DATABASE IF EXISTS \`${this.databaseName}\``);
    await rm(dirname(this.logFile), { recursive: true, force: true });
  }

  /** Signals kc.sh's process group: kc.sh and its java. */
  private kill(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.shell.pid!, signal);
    } catch {
      // Already gone.
    }
  }

  /** Resolves once the master realm answers; fails if kc.sh exits or the time runs out first. */
  private async answering(): Promise<void> {
    const up = async () => {
      if (this.shell.exitCode !== null || this.shell.signalCode !== null)
        throw new Error('Keycloak exited while starting');
      return fetch(`${this.url}/realms/master`)
        .then((r) => r.ok)
        .catch(() => false);
    };
    await pollUntil(up, (ok) => ok, START_TIMEOUT_MS, 250).catch((error: Error) => {
      throw new Error(`${error.message}; the end of ${this.logFile}:\n${tail(this.logFile)}`);
    });
  }
}

/**
 * Creates `realm` with Keycloak's defaults, then imports `users` users in calls of `perCall`,
 * `inFlight` calls at a time, each user with a pbkdf2-sha256 password hash (one hash, computed
 * once: Keycloak stores it as given, so the client side costs nothing in the window). Checks
 * every call added all it was sent, the realm's count, and that one user signs in.
 */
export async function partialImport(
  server: KeycloakServer,
  options: { realm: string; users: number; perCall: number; inFlight: number },
): Promise<KeycloakImportFigures> {
  const { realm, users, perCall, inFlight } = options;
  await server.admin('POST', '/admin/realms', { realm, enabled: true });
  const password = randomBytes(9).toString('base64url');
  const credentials = [storedPbkdf2(password)];
  const bodies: { sent: number; json: string }[] = [];
  for (let first = 0; first < users; first += perCall) {
    const batch = Array.from({ length: Math.min(perCall, users - first) }, (_, i) => ({
      username: `user${first + i}`,
      email: `user${first + i}@example.com`,
      emailVerified: true,
      firstName: 'Import',
      lastName: `User ${first + i}`,
      enabled: true,
      credentials,
    }));
    const json = JSON.stringify({ ifResourceExists: 'SKIP', users: batch });
    bodies.push({ sent: batch.length, json });
  }
  const realmPath = `/admin/realms/${encodeURIComponent(realm)}`;
  await server.adminToken();
  const database = databaseServerPid() ?? NaN;
  const cpu = () => [cpuMsOf(server.pid), cpuMsOf(database), machineBusyMs()];
  const before = cpu();
  const started = performance.now();
  let next = 0;
  const caller = async () => {
    for (let call = next++; call < bodies.length; call = next++) {
      const { sent, json } = bodies[call]!;
      const answer = await server.admin('POST', `${realmPath}/partialImport`, json);
      const { added } = answer as { added?: number };
      if (added !== sent) throw new Error(`partialImport call ${call}: added ${added} of ${sent}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, bodies.length) }, caller));
  const seconds = (performance.now() - started) / 1000;
  const [keycloakCpuMs = NaN, databaseCpuMs = NaN, machineCpuMs = NaN] = cpu().map(
    (after, i) => after - before[i]!,
  );

  const count = await server.admin('GET', `${realmPath}/users/count`);
  if (count !== users) throw new Error(`realm ${realm} holds ${String(count)} users, not ${users}`);
  await passwordGrant(server.url, realm, `user${users - 1}`, password);
  return {
    users,
    calls: bodies.length,
    inFlight,
    seconds: Math.round(seconds * 1000) / 1000,
    usersPerSecond: Math.round((users / seconds) * 10) / 10,
    keycloakCpuMs: Math.round(keycloakCpuMs),
    databaseCpuMs: Math.round(databaseCpuMs),
    otherCpuMs: Math.round(machineCpuMs - keycloakCpuMs - (databaseCpuMs || 0)),
  };
}

/** How Keycloak describes a pbkdf2-sha256 hash it stores (its key is 256 bits). */
const PBKDF2 = { hashIterations: 27_500, algorithm: 'pbkdf2-sha256', additionalParameters: {} };

/** A password credential as Keycloak stores it. */
function storedPbkdf2(password: string) {
  const salt = randomBytes(16);
  const value = pbkdf2Sync(password, salt, PBKDF2.hashIterations, 32, 'sha256').toString('base64');
  return {
    type: 'password',
    secretData: JSON.stringify({ value, salt: salt.toString('base64'), additionalParameters: {} }),
    credentialData: JSON.stringify(PBKDF2),
  };
}

/** Signs in to `realm` through admin-cli's direct grant; its token answer, or an error. */
async function passwordGrant(url: string, realm: string, username: string, password: string) {
  const response = await fetch(`${url}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: 'admin-cli',
      grant_type: 'password',
      username,
      password,
    }),
  });
  if (!response.ok)
    throw new Error(`${username} cannot sign in to ${realm}: ${await response.text()}`);
  return (await response.json()) as unknown;
}

/** Builds the distribution for MariaDB in production mode, unless it is already. */
async function buildForMariadb(dist: string): Promise<void> {
  const kc = join(dist, 'bin/kc.sh');
  const { stdout } = await run(kc, ['show-config'], { timeout: 60_000 });
  // `start-dev` and `export` leave the distribution built for another profile or database.
  if (/Current Mode: production/.test(stdout) && /kc\.db =\s+mariadb \(Persisted\)/.test(stdout))
    return;
  await run(kc, ['build', '--db=mariadb'], { timeout: 300_000 });
}

/** The java process kc.sh started: its child, or kc.sh itself once it has exec'd java. */
function javaOf(shellPid: number): number {
  if (readFileSync(`/proc/${shellPid}/comm`, 'utf8').trim() === 'java') return shellPid;
  return Number(execFileSync('pgrep', ['-P', String(shellPid), '-x', 'java']).toString());
}

/** CPU time all cores have been busy since boot, in ms (/proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const [cpu = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = cpu.split(/\s+/).slice(1, 9).map(Number);
  const busy = ticks.reduce((sum, n) => sum + n, 0) - ticks[3]! - ticks[4]!;
  return (busy * 1000) / TICKS_PER_SECOND;
}

async function databaseQuery(sql: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: DATABASE_SERVER.toString() });
  await connection.query(sql).finally(() => connection.end());
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
