import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

/** MariaDB (or MySQL) the tests run against; `TEST_DATABASE_URL` points elsewhere. */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/';

/** A database of its own for one suite, dropped afterwards, so suites never see each other. */
export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop(): Promise<void>;
}> {
  const name = `idt_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: SERVER_URL });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
