/**
 * Kill and resume: a migration killed with SIGKILL `kills` times at random moments, then run to
 * its end, must leave exactly one user per record and each user's events exactly once.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { sleep } from './bench-report.js';
import type { RunningService } from './migrate-services.js';

export interface ResumeCheck {
  users: number;
  kills: number[];
  resumedAfter: number[];
  seconds: number;
  usersFound: number;
  distinctExternalIds: number;
  usersWithEventsTwice: number;
  eventsPerUser: number;
  holds: boolean;
}

function runTool(spec: object): { kill(): Promise<void>; done: Promise<number> } {
  const tool = spawn(
    'node',
    [join(process.cwd(), 'dist/bench/migrate-tool.js'), JSON.stringify(spec)],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const done = new Promise<number>((resolve) => tool.once('exit', (code) => resolve(code ?? -1)));
  return {
    kill: async () => {
      tool.kill('SIGKILL');
      await done;
    },
    done,
  };
}

export async function killAndResume(options: {
  service: RunningService;
  dir: string;
  realm: string;
  users: number;
  sourceSize: number;
  kills: number;
}): Promise<ResumeCheck> {
  const { service, users } = options;
  const spec = {
    dir: options.dir,
    realm: options.realm,
    url: service.url,
    token: service.token,
    inFlight: 4,
    sourceSize: options.sourceSize,
  };
  const started = Date.now();
  const kills: number[] = [];
  const resumedAfter: number[] = [];
  const checkpoint = async () => {
    try {
      return (
        JSON.parse(await readFile(join(options.dir, 'checkpoint.json'), 'utf8')) as { done: number }
      ).done;
    } catch {
      return 0;
    }
  };
  for (let k = 0; k < options.kills; k++) {
    const run = runTool(spec);
    // Somewhere in the next 2 to 10 seconds of work: before, during or after a batch.
    const at = 2000 + Math.floor(Math.random() * 8000);
    await sleep(at);
    await run.kill();
    kills.push(at);
    resumedAfter.push(await checkpoint());
  }
  const code = await runTool(spec).done;
  if (code !== 0) throw new Error(`the last run exited with ${code}`);
  const db = await mysql.createConnection({ uri: service.databaseUrl! });
  try {
    const [[found]] = (await db.query(
      `SELECT COUNT(*) AS users, COUNT(DISTINCT external_id) AS distinctIds FROM users WHERE user_name LIKE ?`,
      [`${options.realm}-user-%`],
    )) as unknown as [[{ users: number; distinctIds: number }]];
    const [twice] = (await db.query(
      `SELECT COUNT(DISTINCT e.aggregate_id) AS n FROM events e JOIN users u ON u.id = e.aggregate_id
        WHERE u.user_name LIKE ? GROUP BY e.aggregate_id, e.type HAVING COUNT(*) > 1`,
      [`${options.realm}-user-%`],
    )) as unknown as [{ n: number }[]];
    const [[events]] = (await db.query(
      `SELECT COUNT(*) AS n FROM events e JOIN users u ON u.id = e.aggregate_id WHERE u.user_name LIKE ?`,
      [`${options.realm}-user-%`],
    )) as unknown as [[{ n: number }]];
    const usersFound = Number(found!.users);
    const check = {
      users,
      kills,
      resumedAfter,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      usersFound,
      distinctExternalIds: Number(found!.distinctIds),
      usersWithEventsTwice: twice.length,
      eventsPerUser: Number(events!.n) / Math.max(usersFound, 1),
    };
    return {
      ...check,
      holds:
        check.usersFound === users &&
        check.distinctExternalIds === users &&
        check.usersWithEventsTwice === 0 &&
        check.eventsPerUser === 3,
    };
  } finally {
    await db.end();
  }
}
