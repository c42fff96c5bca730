#!/usr/bin/env node
/**
 * What `npm start`, `npm run worker`, `npm run relay` and `npx identityctl` run first: builds what
 * is missing or stale, so `npm ci` then `npm start` works on a fresh clone and costs little when
 * nothing changed. The TypeScript goes through `tsc -b`, which compares the sources with its
 * build info (dist/tsconfig.tsbuildinfo) and compiles only what changed; the profile page's
 * bundle is made again (`npm run build:ui`) only when an input esbuild recorded in its metafile,
 * or the installed packages, are newer than it.
 *
 * Everything it prints goes to stderr: identityctl's stdout is its JSON. One build runs at a
 * time (the README starts the API and the worker together); the others wait for it, then find
 * nothing to do. In a tree without the sources (the image, where dist/ is all there is) it does
 * nothing.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UI_BUNDLE = 'dist/services/api/ui/web/profile.js';
/** Written by `npm run build:ui` (esbuild's --metafile): every file the bundle was made from. */
const UI_METAFILE = 'dist/profile.meta.json';
/** Besides the bundle's own inputs: a change of the installed packages. */
const UI_ALSO_DEPENDS_ON = [
  'services/api/ui/web/tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];
const LOCK = join(ROOT, 'node_modules/.cache/identity-service/build.lock');

export function buildIfStale() {
  if (!existsSync(join(ROOT, 'tsconfig.json'))) return;
  whileLocked(() => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    run(process.execPath, [tsc, '-b']);
    if (uiStale()) run('npm', ['run', '--silent', 'build:ui']);
  });
}

function run(command, args) {
  // stdout too to stderr (fd 2), so a command's own stdout stays clean.
  const result = spawnSync(command, args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new BuildFailed(result.status ?? 1);
}

/** What the build printed says why; this only carries its exit code. */
export class BuildFailed extends Error {
  constructor(status) {
    super(`the build failed (exit ${status})`);
    this.status = status;
  }
}

function uiStale() {
  const bundle = join(ROOT, UI_BUNDLE);
  const metafile = join(ROOT, UI_METAFILE);
  if (!existsSync(bundle) || !existsSync(metafile)) return true;
  const built = statSync(bundle).mtimeMs;
  // Not files: esbuild names what it left out or made up by a namespace, `(disabled):fs`.
  const inputs = Object.keys(JSON.parse(readFileSync(metafile, 'utf8')).inputs).filter(
    (input) => !/^\(?[\w-]+\)?:/.test(input),
  );
  return [...inputs, ...UI_ALSO_DEPENDS_ON].some((input) => {
    const file = join(ROOT, input);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

/**
 * A file holding this pid, created only where there is none. A lock whose process is gone (a
 * build stopped by Ctrl-C) is moved aside and put back if it turns out to be another's fresh one.
 */
function whileLocked(work) {
  mkdirSync(dirname(LOCK), { recursive: true });
  const mine = `${LOCK}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  let announced = false;
  try {
    for (;;) {
      try {
        linkSync(mine, LOCK);
        break;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const owner = ownerOf(LOCK);
      if (owner === undefined || !running(owner)) {
        setAside(owner);
        continue;
      }
      if (!announced) process.stderr.write(`waiting for the build in process ${owner}\n`);
      announced = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  try {
    work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

function setAside(owner) {
  const aside = `${LOCK}.${process.pid}.stale`;
  try {
    renameSync(LOCK, aside);
  } catch {
    return; // another process moved it first
  }
  if (ownerOf(aside) !== owner) {
    try {
      linkSync(aside, LOCK);
    } catch {
      // taken again meanwhile: that lock stands
    }
  }
  rmSync(aside, { force: true });
}

function ownerOf(file) {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale();
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.status;
  }
}
