#!/usr/bin/env node
// `identityctl`, the package's bin: in a checkout it first builds what is missing or stale, as
// `npm start` does, so `npx identityctl` works right after `npm ci`. The build prints on stderr
// only; stdout is the command's JSON.
import process from 'node:process';
import { BuildFailed, buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale();
} catch (error) {
  if (!(error instanceof BuildFailed)) throw error;
  process.stderr.write(`identityctl: ${error.message}\n`);
  process.exit(error.status);
}
await import('../dist/services/api/cli/identityctl.js');
