/**
 * How fast the machine runs at this moment: a fixed piece of CPU work (a JSON round trip and a
 * SHA-256 of 1 KiB, in a loop) on one core for a fifth of a second, counted in loops per ms.
 *
 * The VM the figures come from changes speed by itself, idle and for tens of seconds at a time
 * (docs/benchmarks.md, the machine). So a row's figures are read beside the probes taken with
 * them.
 */
import { createHash } from 'node:crypto';

const PROBE_MS = 200;
const BLOCK = Buffer.alloc(1024, 7);
const DOCUMENT = { id: 0, name: 'x'.repeat(50), roles: ['a', 'b', 'c'] };

let warm = false;

/** Loops of the probe's work per ms over PROBE_MS; blocks this process's event loop meanwhile. */
export function machineSpeed(): number {
  // A process's first probe runs partly before V8 has optimized it, ~15% slower than the next
  // ones (measured in a fresh process): it is run once more and not kept.
  if (!warm) {
    probe();
    warm = true;
  }
  return probe();
}

function probe(): number {
  const started = performance.now();
  let loops = 0;
  while (performance.now() - started < PROBE_MS) {
    for (let i = 0; i < 20; i++) {
      JSON.parse(JSON.stringify({ ...DOCUMENT, id: loops + i }));
      createHash('sha256').update(BLOCK).digest();
    }
    loops += 20;
  }
  return Math.round((loops / (performance.now() - started)) * 10) / 10;
}
