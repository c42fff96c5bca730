/**
 * The databases a suite runs on when it holds for both: MariaDB, as deployed, and the embedded
 * SQLite of `npm start` on a bare machine. The handlers and consumers are the same code on both.
 */
export const DATABASES: readonly { name: string; env: Record<string, string> }[] = [
  { name: 'MariaDB', env: {} },
  { name: 'embedded SQLite', env: { DATABASE_URL: '' } },
];
