#!/usr/bin/env node
/**
 * What `npm start`, `npm run worker`, `npm run relay` and `npx identityctl` run first: builds what
 * is missing or stale, so `npm ci` then `npm start` works on a fresh clone and costs little when
 * nothing changed. The TypeScript goes through `tsc -b`, which compares the sources with its
 * build info (dist/tsconfig.tsbuildinfo) and compiles only what changed; the pages' bundles
 * (`npm run build:ui`) and the compiled protos (`npm run build:proto`) are made again only when
 * one of their inputs (for the bundles, what esbuild recorded in its metafile), or the installed
 * packages, are newer than they are.
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
  readdirSync,
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
/** Besides their own inputs, the generated files depend on the installed packages. */
const PACKAGES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
/** Written by `npm run build:ui` (esbuild's --metafile): every file the bundles were made from. */
const UI_METAFILE = 'dist/ui.meta.json';
/** What is built besides `tsc -b`: its npm script, its outputs and its inputs. */
const GENERATED = [
  {
    script: 'build:ui',
    outputs: [
      'services/api/ui/web/profile.js',
      'services/api/ui/web/api-docs.js',
      'services/api/ui/web/passkey-register.js',
      'services/api/ui/web/passkey-sign-in.js',
      'ui.meta.json',
    ],
    inputs: () => [...bundleInputs(), 'services/api/ui/web/tsconfig.json'],
  },
  {
    script: 'build:proto',
    outputs: [
      'services/api/transports/grpc/identity.binpb',
      'services/api/transports/grpc/health.binpb',
    ],
    inputs: () => filesUnder('proto'),
  },
];
const LOCK = join(ROOT, 'node_modules/.cache/identity-service/build.lock');

export function buildIfStale() {
  if (!existsSync(join(ROOT, 'tsconfig.json'))) return;
  whileLocked(() => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    run(process.execPath, [tsc, '-b']);
    for (const { script, outputs, inputs } of GENERATED) {
      if (
        stale(
          outputs.map((output) => join('dist', output)),
          inputs,
        )
      ) {
        run('npm', ['run', '--silent', script]);
      }
    }
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

function stale(outputs, inputs) {
  if (!outputs.every((output) => existsSync(join(ROOT, output)))) return true;
  const built = Math.min(...outputs.map((output) => statSync(join(ROOT, output)).mtimeMs));
  return [...inputs(), ...PACKAGES].some((input) => {
    const file = join(ROOT, input);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

function bundleInputs() {
  // Not files: esbuild names what it left out or made up by a namespace, `(disabled):fs`.
  return Object.keys(JSON.parse(readFileSync(join(ROOT, UI_METAFILE), 'utf8')).inputs).filter(
    (input) => !/^\(?[\w-]+\)?:/.test(input),
  );
}

function filesUnder(folder) {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(ROOT.length));
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
